import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { DashboardGreeting, DashboardOwn } from '@/components/dashboard/dashboard-own'
import { ClientMessages } from '@/components/ui/client-messages'
import { sendGoodwillClaimAction } from '../kulanzdanke/actions'
import {
  carriedQuery,
  first,
  loginRedirectHref,
  requireSession,
  type SearchParams,
} from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, sessionUrlOf } from '@/lib/routes/href'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { PRODUCT_CHOICE } from '@/lib/routes/anchors'

export const generateMetadata = routeMetadata('Dashboard', { personal: true })

// Rendered per request for a logged-in referrer, the same for every one: the greeting, the
// recommendations, the rewards and the goodwill claim are read by the browser
// (components/dashboard/dashboard-own.tsx), so the edge may keep the page for the next referrer whose
// login it has just checked (lib/edge/anonymous-cache.mjs). Never stored elsewhere.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/** The namespaces of what the browser renders here. */
const OWN_TEXTS = [
  'Dashboard',
  'DashboardBanner',
  'PersonalLink',
  'Share',
  'Reward',
  'Status',
  'StatusTrack',
  'Goodwill',
  'Validation',
  'Errors',
] as const

export default async function DashboardPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  await requireSession(portal, 'Dashboard', {}, query)
  const t = await getTranslations('Dashboard')
  const carried = carriedQuery(query)
  const settings = portal.config.Settings
  const sessionUrl = sessionUrlOf(portal.ctx)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }]} />
      <ClientMessages locale={portal.ctx.locale} namespaces={[...OWN_TEXTS]}>
        <DashboardGreeting sessionUrl={sessionUrl} />
        {first(query.passwort) === 'gesetzt' && (
          <p className="alert alert--success" role="status">
            {t('passwordSet')}
          </p>
        )}
        <p className="lead">{t('intro')}</p>
        <DashboardOwn
          ctx={portal.ctx}
          sessionUrl={sessionUrl}
          loginHref={loginRedirectHref(portal, 'Dashboard', {}, query)}
          carried={carried}
          settings={{
            Name: settings.Name,
            MaxEmpfaengerPraemieCent: settings.MaxEmpfaengerPraemieCent,
            ModuleStoringBankdata: settings.ModuleStoringBankdata,
          }}
          widget={first(query.widget)}
          sendClaim={sendGoodwillClaimAction}
          actions={
            <div className="button-row">
              <Link
                className="button"
                href={href(portal.ctx, 'Homepage', undefined, carried, PRODUCT_CHOICE)}
              >
                {t('recommendNow')}
              </Link>
              <Link
                className="button button--secondary"
                href={href(portal.ctx, 'Settings', undefined, carried)}
              >
                {t('myData')}
              </Link>
            </div>
          }
        />
      </ClientMessages>
    </>
  )
}
