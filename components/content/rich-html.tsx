import { sanitizeContentHtml } from '@/lib/portal/sanitize'
import type { PortalContext } from '@/lib/routes/href'

/** HTML of the content service, sanitized on the server before it reaches the page. */
export function RichHtml({ html, ctx, className }: { html: string; ctx: PortalContext; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: sanitizeContentHtml(html, ctx) }}
    />
  )
}
