import { RewardOverviewScreen } from '@/components/catalog/reward-overview-screen'
import type { PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('RewardOverview')

// SPEC §2.2 AktuellePraemienuebersicht (/aktuellepraemienuebersicht): the same for every visitor,
// cached per tenant and locale like the category pages.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export default function Page({ params }: { params: Promise<PortalParams> }) {
  return <RewardOverviewScreen params={params} />
}
