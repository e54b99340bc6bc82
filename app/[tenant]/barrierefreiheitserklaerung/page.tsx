import { notFound } from 'next/navigation'
import { isOffered, routeByName } from '@/lib/routes/table'
import { ContentPageScreen } from '@/components/content/content-page-screen'
import { loadContentFlags } from '@/lib/portal/content'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

// Accessibility statement: shown when the tenant enables it and its content has one.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('Accessibility')

export default async function AccessibilityPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  // Enabled by the tenant and by its content's flag (SPEC §2.2); an unanswered flag does not hide it.
  if (!isOffered(routeByName('Accessibility'), config.Settings)) notFound()
  const flags = await loadContentFlags(ctx)
  if (!flags.unavailable && !flags.value.Barrierefreiheitserklaerung) notFound()
  return <ContentPageScreen ctx={ctx} route="Accessibility" pageKey="barrierefreiheit" />
}
