import { ContentPageScreen } from '@/components/content/content-page-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

// Terms of participation (Teilnahmebedingungen) of the tenant's content, cached per tenant and locale.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('TOS')

export default async function TermsPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx } = await resolvePortal(params)
  return <ContentPageScreen ctx={ctx} route="TOS" pageKey="agb" />
}
