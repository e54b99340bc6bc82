import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { ContentPageScreen } from '@/components/content/content-page-screen'
import { loadContentFlags } from '@/lib/portal/content'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

// Accessibility statement: shown when the tenant enables it and its content has one.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export async function generateMetadata({ params }: { params: Promise<PortalParams> }): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
  return { title: t('Accessibility') }
}

export default async function AccessibilityPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  // Enabled by the tenant and by its content's flag (SPEC §2.2); an unanswered flag does not hide it.
  if (!config.Settings.BarrierefreiheitserklaerungEnabled) notFound()
  const flags = await loadContentFlags(ctx.tenant, ctx.locale)
  if (!flags.unavailable && !flags.value.Barrierefreiheitserklaerung) notFound()
  return <ContentPageScreen ctx={ctx} route="Accessibility" pageKey="barrierefreiheit" />
}
