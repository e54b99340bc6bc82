import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { Steps } from '@/components/layout/steps'
import { getInvitationData } from '@/lib/portal/main-api/invitations'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { segmentOf } from '@/lib/routes/href'
import { startFromInvitationAction, unsubscribeInvitationAction } from './actions'

// Personal to the invited person: rendered per request, never cached.
export const dynamic = 'force-dynamic'
export const generateMetadata = routeMetadata('Invitation', { personal: true })

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/** Reads the invitation of the mailed link; null when the link is unknown or has run out. */
async function invitationOf(ctx: Parameters<typeof apiContext>[0], token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  try {
    return await getInvitationData(apiContext(ctx), token)
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'EinladungUngueltig') return null
    throw error
  }
}

/**
 * The page an agency's invitation mail opens (GET Einladung/daten): whom it is for and from whom, the
 * three steps, the way into the product choice with the details filled in, and the way out of further
 * invitations. It opens as often as the link is used; unsubscribing is a button, never the link itself.
 */
export default async function InvitationPage({ params, searchParams }: Props) {
  const { portal, query, routeHref } = await openScreen({ params, searchParams }, 'Invitation')
  const t = await getTranslations('Invitation')
  const te = await getTranslations('Errors')
  const token = first(query.t) ?? ''
  const outcome = first(query.ergebnis)
  const invitation = await invitationOf(portal.ctx, token)
  const tenant = segmentOf(portal.ctx)

  if (!invitation) {
    return (
      <>
        <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Invitation' }]} />
        <h1>{t('invalidTitle')}</h1>
        <p className="lead">{te('EinladungUngueltig')}</p>
        <p>
          <Link className="button" href={routeHref('Homepage')}>
            {t('toHome')}
          </Link>
        </p>
      </>
    )
  }
  const unsubscribed = invitation.Abgemeldet || outcome === 'abgemeldet'
  // The mail's "no more invitations" link opens the page with the way out first.
  const leaving = first(query.abmelden) === '1' && !unsubscribed
  const wayOut = unsubscribed ? null : (
    <section aria-labelledby="invitation-unsubscribe" className="invitation__unsubscribe">
      <h2 id="invitation-unsubscribe">{t('unsubscribeTitle')}</h2>
      <p>{t('unsubscribeLead')}</p>
      <form action={unsubscribeInvitationAction}>
        <input type="hidden" name="tenant" value={tenant} />
        <input type="hidden" name="t" value={token} />
        <button type="submit" className="button button--secondary">
          {t('unsubscribe')}
        </button>
      </form>
    </section>
  )
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Invitation' }]} />
      <h1>{t('title', { vorname: invitation.Vorname })}</h1>
      <p className="lead">{t('lead', { agentur: invitation.Agentur })}</p>
      {outcome === 'abgemeldet' && (
        <p className="alert alert--success" role="status">
          {t('unsubscribed')}
        </p>
      )}
      {leaving && wayOut}
      <Steps />
      <form action={startFromInvitationAction} className="invitation">
        <input type="hidden" name="tenant" value={tenant} />
        <input type="hidden" name="t" value={token} />
        <button type="submit" className="button">
          {t('start')}
        </button>
      </form>
      {!leaving && wayOut}
    </>
  )
}
