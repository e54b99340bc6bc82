import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { CodeForm } from '@/components/recipient/code-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { segmentOf } from '@/lib/routes/href'
import { newCaptchaAction } from '../login/actions'
import { redeemCodeAction } from './actions'

// Empfehlungscode (SPEC §2.2): the same for every visitor, cached per tenant and locale.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('Code')

export default async function CodePage({ params }: { params: Promise<PortalParams> }) {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations('Recipient')
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Code' }]} />
      <h1>{t('codeTitle')}</h1>
      <p className="lead">{t('codeIntro')}</p>
      <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors', 'Captcha']}>
        <CodeForm action={redeemCodeAction} reloadCaptcha={newCaptchaAction} tenant={segmentOf(ctx)} />
      </ClientMessages>
    </>
  )
}
