import { redirect } from 'next/navigation'
import { ContentPageScreen } from '@/components/content/content-page-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { href } from '@/lib/routes/href'

// Imprint of the tenant's content: hidden for ModuleAdv tenants (SPEC §2.4, redirect to /).
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('Imprint')

export default async function ImprintPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  if (config.Settings.ModuleAdv) redirect(href(ctx, 'Homepage'))
  return <ContentPageScreen ctx={ctx} route="Imprint" pageKey="impressum" />
}
