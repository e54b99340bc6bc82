import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { ContentPageScreen } from '@/components/content/content-page-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href } from '@/lib/routes/href'

// Imprint of the tenant's content: hidden for ModuleAdv tenants (SPEC §2.4, redirect to /).
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export async function generateMetadata({ params }: { params: Promise<PortalParams> }): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
  return { title: t('Imprint') }
}

export default async function ImprintPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  if (config.Settings.ModuleAdv) redirect(href(ctx, 'Homepage'))
  return <ContentPageScreen ctx={ctx} route="Imprint" pageKey="impressum" />
}
