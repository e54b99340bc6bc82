import { useTranslations } from 'next-intl'
import { contentHtml } from '@/lib/portal/sanitize'
import type { PortalContext } from '@/lib/routes/href'

/** HTML of the content service, sanitized on the server before it reaches the page. */
export function RichHtml({ html, ctx, className }: { html: string; ctx: PortalContext; className?: string }) {
  const t = useTranslations('Content')
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: contentHtml(html, ctx, t) }}
    />
  )
}
