import { ContentPageScreen } from '@/components/content/content-page-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

// Privacy policy of the tenant's content, the same for every visitor (cached per tenant and locale).
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('Privacy')

export default async function PrivacyPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx } = await resolvePortal(params)
  return <ContentPageScreen ctx={ctx} route="Privacy" pageKey="datenschutz" />
}
