import type { Metadata } from 'next'
import { getFormatter, getTranslations } from 'next-intl/server'
import { formatDate } from '@/lib/i18n/dates'
import { AgentCard, agentName } from '@/components/agents/agent-card'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { FootnoteList } from '@/components/catalog/footnote-list'
import { ProductTile } from '@/components/catalog/product-tile'
import { pageFootnotes } from '@/lib/portal/footnotes'
import { LandingBeacon } from '@/components/recipient/landing-beacon'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import {
  followableRecommendation,
  friendOffer,
  isKnownRecommendation,
} from '@/lib/portal/followable-recommendation'
import { friendState, nextOf, stepOf } from '@/lib/portal/friend-state'
import { productLinkHref } from '@/lib/portal/main-api/recipients'
import { FriendPath, LandingBenefit, LandingCta } from '@/components/recipient/friend-path'
import { FriendStatus } from '@/components/recipient/friend-status'
import { resendConfirmationAction } from '../../empfaengerdaten/[empfehlungsnummer]/actions'
import { ForgetRecipient } from '@/components/recipient/forget-recipient'
import { campaignValue } from '@/lib/shared/campaign-value'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { notFoundMetadata, SHARED_LINK_ROBOTS } from '@/lib/portal/route-metadata'
import { href, segmentOf } from '@/lib/routes/href'

// The visitor's recommendation: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { empfehlungsnummer: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, empfehlungsnummer } = await params
  const { ctx } = await resolvePortal({ tenant })
  if (!(await isKnownRecommendation(ctx, empfehlungsnummer))) return notFoundMetadata(ctx.locale)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
  return { title: t('Click'), robots: SHARED_LINK_ROBOTS }
}

/**
 * The landing of a recommendation link (SPEC §2.1 /empfehlung/{nr}), step 1 of the friend's 4: who
 * recommends what, the friend's benefit (his reward share, else the offer's terms) and the button, all
 * on a phone's first screen. A friend who came back sees where he stands instead of the button. An expired or blocked one goes to
 * the page that says so; an unknown number is not found.
 */
export default async function LandingPage({ params, searchParams }: Props) {
  const { tenant, empfehlungsnummer } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'Click', { empfehlungsnummer }, query)
  const { ctx, config } = portal
  const carried = carriedQuery(query)
  const followed = await followableRecommendation(portal, empfehlungsnummer, carried)
  const { landing, product, produkt } = followed
  const t = await getTranslations('Recipient')
  const format = await getFormatter()
  const mandant = config.Settings.Name
  const channel = campaignValue(first(query.channel))
  const beaconQuery = channel ? `?channel=${channel}` : ''
  const state = await friendState(ctx, landing.Empfehlungsnummer)
  // The offer's prices carry their footnote (minimum term, availability) as on the recommend form.
  const notes = product ? await pageFootnotes(config, ctx.locale, [product]) : null
  const validity = landing.GueltigBis
    ? t('validUntil', { datum: formatDate(format, landing.GueltigBis) })
    : undefined
  const dataHref = href(
    ctx,
    'RecipientData',
    { empfehlungsnummer: landing.Empfehlungsnummer },
    { ...carried, channel },
  )
  return (
    <>
      <LandingBeacon
        url={`/api/visit/${encodeURIComponent(segmentOf(ctx))}/${landing.Empfehlungsnummer}${beaconQuery}`}
      />
      {state.stage === 'new' && state.forget && <ForgetRecipient tenant={segmentOf(ctx)} />}
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Click', params: { empfehlungsnummer } }]} />
      <FriendPath step={stepOf(state)} offer={null} />
      <h1>
        {followed.empfehler
          ? t('landingTitle', { empfehler: followed.empfehler, produkt })
          : t('landingTitleAnonymous', { produkt })}
      </h1>
      {/* The friend's benefit and the next step first: on a phone both on the first screen. */}
      <div className="landing-layout">
        <div className="stack">
          <LandingBenefit offer={friendOffer(followed)} mandant={mandant} />
          {state.stage === 'new' ? (
            <LandingCta href={dataHref} label={t('cta')} validity={validity} />
          ) : (
            <FriendStatus
              stage={state.stage}
              email={state.stage === 'saved' ? state.email : undefined}
              produkt={produkt}
              mandant={mandant}
              next={nextOf(state, {
                data: dataHref,
                consent: href(ctx, 'RecipientTOSConsent', undefined, carried),
                order: (empfaengernummer) =>
                  productLinkHref(ctx, { nummer: landing.Empfehlungsnummer, empfaengernummer, channel }),
              })}
              resend={{ locale: ctx.locale, tenant: segmentOf(ctx), action: resendConfirmationAction }}
            />
          )}
          {landing.Berater && (
            <section aria-labelledby="landing-agent">
              <h2 id="landing-agent">{t('agentTitle')}</h2>
              <AgentCard agent={landing.Berater}>
                <p>
                  {t('agentText', {
                    name: agentName(landing.Berater),
                    ort: landing.Berater.City,
                    produkt,
                  })}
                </p>
              </AgentCard>
            </section>
          )}
          {/* The way ahead, for a friend who has not started yet. */}
          {state.stage === 'new' && (
            <section aria-labelledby="landing-next">
              <h2 id="landing-next">{t('nextTitle')}</h2>
              <p>{t('landingIntro', { mandant })}</p>
              <ol className="thanks-steps">
                <li>{t('next1')}</li>
                <li>{t('next2')}</li>
                <li>{t('next3', { produkt, mandant })}</li>
              </ol>
            </section>
          )}
        </div>
        {product && (
          <div className="landing-layout__product">
            <ProductTile
              product={product}
              today={germanToday()}
              as="section"
              headingLevel={2}
              showReward={false}
              footnote={product.Fussnote ? notes?.numbers[product.Fussnote] : undefined}
            />
            {notes && <FootnoteList footnotes={notes.footnotes} unavailable={notes.unavailable} />}
          </div>
        )}
      </div>
    </>
  )
}
