import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href } from '@/lib/routes/href'

// Imprint: hidden for ModuleAdv tenants (redirect to /); otherwise the provider's details.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export default async function ImprintPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  const s = config.Settings
  if (s.ModuleAdv) redirect(href(ctx, 'Homepage'))
  const t = await getTranslations('Imprint')
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Imprint' }]} />
      <h1>{t('title')}</h1>
      <dl>
        <dt>{t('provider')}</dt>
        <dd>{s.Name}</dd>
        <dt>{t('programme')}</dt>
        <dd>{s.ProgrammName}</dd>
        <dt>{t('contact')}</dt>
        <dd>
          <a href={`mailto:${s.SupportEmail}`}>{s.SupportEmail}</a>
        </dd>
        <dt>{t('website')}</dt>
        <dd>
          <a href={s.MandantUrl}>{s.MandantUrl}</a>
        </dd>
      </dl>
    </>
  )
}
