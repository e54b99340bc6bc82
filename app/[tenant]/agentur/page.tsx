import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { hasScreen } from '@/components/agency/screens'
import { agencySessionFor } from '@/lib/portal/agency-session'
import { first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { AGENCY_VIEW_SLUGS } from '@/lib/routes/agency-views'
import { href } from '@/lib/routes/href'
import { isErrorCode, type ErrorCode } from '@/lib/shared/errors'
import styles from '@/components/agency/agency.module.css'

// Shows the sign-in or forwards a signed-in agency user: per request, never cached.
export const dynamic = 'force-dynamic'
export const generateMetadata = routeMetadata('AgencyArea')

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/**
 * Which `fehler` is shown with its catalogue text: any code of the catalogue (/sso and the session check
 * send theirs, a refused download NichtAuthorisiert), except the ended session, which has its own note.
 * Anything else an address holds is ignored.
 */
function shownError(fehler: string | undefined): ErrorCode | undefined {
  return fehler && fehler !== 'PSOF0204' && isErrorCode(fehler) ? fehler : undefined
}

export default async function AgencyAreaPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = await agencySessionFor(portal.ctx.tenant)
  const home = session?.user.views.find(hasScreen)
  const fehler = first(query.fehler)
  const error = shownError(fehler)
  const homeHref = home && href(portal.ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS[home] })
  // Signed in: on to the first view; with a message to show, it is shown first (never a redirect circle).
  if (homeHref && !error && fehler !== 'PSOF0204') redirect(homeHref)
  const t = await getTranslations('Agency')
  const te = await getTranslations('Errors')
  const configured = Boolean(portal.config.Settings.Sso.Issuer && portal.config.Settings.Sso.ClientId)
  return (
    <section className={styles['sign-in']} aria-labelledby="agency-sign-in-title">
      <h1 id="agency-sign-in-title">{t('signInTitle')}</h1>
      {fehler === 'PSOF0204' && (
        <p className="alert alert--info" role="status">
          {t('sessionEnded')}
        </p>
      )}
      {first(query.abgemeldet) === '1' && (
        <p className="alert alert--success" role="status">
          {t('loggedOut')}
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {te(error)}
        </p>
      )}
      <p className="lead">{t('signInLead')}</p>
      {homeHref ? (
        <p>
          <Link className="button" href={homeHref}>
            {t('toArea')}
          </Link>
        </p>
      ) : configured ? (
        <>
          <p>
            <a className="button" href={href(portal.ctx, 'SingleSignOn')}>
              {t('signInButton')}
            </a>
          </p>
          <p className="hint">{t('signInHint')}</p>
        </>
      ) : (
        <p className="alert alert--info">{t('notConfigured')}</p>
      )}
    </section>
  )
}
