import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { TokenLoginForm } from '@/components/account/token-login-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { unsubscribeAction } from '../actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('NewsletterRecommenderOptOut', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// optout: the unsubscribe link of every newsletter mail (works without login), or a logged-in referrer.
export default async function NewsletterOptOutPage({ params, searchParams }: Props) {
  const { portal, query, session, routeHref } = await openScreen(
    { params, searchParams },
    'NewsletterRecommenderOptOut',
  )
  const t = await getTranslations('NewsletterOptOut')
  const token = first(query.token)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'NewsletterRecommenderOptOut' }]} />
      <h1>{t('title')}</h1>
      {token || session ? (
        <>
          <p className="lead">{t('intro')}</p>
          <ClientMessages locale={portal.ctx.locale} namespaces={['Errors']}>
            <TokenLoginForm
              action={unsubscribeAction}
              fields={{ tenant: segmentOf(portal.ctx), token }}
              label={t('submit')}
              pendingLabel={t('submitting')}
              successText={t('success')}
              autoSubmit={Boolean(token)}
            />
          </ClientMessages>
        </>
      ) : (
        <>
          <p>{t('loginHint')}</p>
          <p>
            <Link className="button" href={routeHref('Settings')}>
              {t('toMyData')}
            </Link>
          </p>
        </>
      )}
    </>
  )
}
