import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { ContentPageScreen } from '@/components/content/content-page-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

// Terms of participation (Teilnahmebedingungen) of the tenant's content, cached per tenant and locale.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export async function generateMetadata({ params }: { params: Promise<PortalParams> }): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
  return { title: t('TOS') }
}

export default async function TermsPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx } = await resolvePortal(params)
  return <ContentPageScreen ctx={ctx} route="TOS" pageKey="agb" />
}
