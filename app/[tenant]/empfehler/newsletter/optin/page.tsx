import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { TokenLoginForm } from '@/components/account/token-login-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { confirmNewsletterAction } from '../actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('NewsletterRecommenderOptIn', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// optin: the confirmation link of the newsletter's double opt-in mail.
export default async function NewsletterOptInPage({ params, searchParams }: Props) {
  const { portal, query, routeHref } = await openScreen(
    { params, searchParams },
    'NewsletterRecommenderOptIn',
  )
  const t = await getTranslations('NewsletterOptIn')
  const te = await getTranslations('Errors')
  const token = first(query.token)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'NewsletterRecommenderOptIn' }]} />
      <h1>{t('title')}</h1>
      {token ? (
        <>
          <p className="lead">{t('intro')}</p>
          <ClientMessages locale={portal.ctx.locale} namespaces={['Errors']}>
            <TokenLoginForm
              action={confirmNewsletterAction}
              fields={{ tenant: segmentOf(portal.ctx), token }}
              label={t('submit')}
              pendingLabel={t('submitting')}
              successText={t('success')}
            />
          </ClientMessages>
        </>
      ) : (
        <p className="alert alert--error" role="alert">
          {te('OptinLinkAbgelaufen')}
        </p>
      )}
      <p>
        <Link href={routeHref('Settings')}>{t('toMyData')}</Link>
      </p>
    </>
  )
}
