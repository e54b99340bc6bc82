import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { AgentCard, agentName } from '@/components/agents/agent-card'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ProductTile } from '@/components/catalog/product-tile'
import { LandingBeacon } from '@/components/recipient/landing-beacon'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { followableRecommendation, safeCampaignValue } from '@/lib/portal/followable-recommendation'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'

// The visitor's recommendation: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { empfehlungsnummer: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal({ tenant: (await params).tenant })
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
  return { title: t('Click'), robots: { index: false } }
}

/**
 * The landing of a recommendation link (SPEC §2.1 /empfehlung/{nr}): who recommends what, the reward
 * the visitor gets under the referrer's share, and the next step. An expired or blocked one goes to
 * the page that says so; an unknown number is not found.
 */
export default async function LandingPage({ params, searchParams }: Props) {
  const { tenant, empfehlungsnummer } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'Click', { empfehlungsnummer }, query)
  const { ctx, config } = portal
  const carried = carriedQuery(query)
  const { landing, product, produkt, empfehler, praemie } = await followableRecommendation(
    portal,
    empfehlungsnummer,
    carried,
  )
  const t = await getTranslations('Recipient')
  const format = await getFormatter()
  const mandant = config.Settings.Name
  const channel = safeCampaignValue(first(query.channel))
  const beaconQuery = channel ? `?channel=${channel}` : ''
  return (
    <>
      <LandingBeacon
        url={`/api/visit/${encodeURIComponent(segmentOf(ctx))}/${landing.Empfehlungsnummer}${beaconQuery}`}
      />
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Click', params: { empfehlungsnummer } }]} />
      <h1>
        {empfehler ? t('landingTitle', { empfehler, produkt }) : t('landingTitleAnonymous', { produkt })}
      </h1>
      <p className="lead">{t('landingIntro', { mandant })}</p>
      {/* The friend's reward and the next step first: on a phone they come before the product. */}
      <div className="landing-layout">
        <div className="stack">
          {landing.PraemieEmpfaengerCent > 0 ? (
            <section className="panel landing-reward" aria-labelledby="landing-reward">
              <h2 id="landing-reward">{t('rewardForYou', { praemie })}</h2>
              <p>{t('rewardForYouText', { praemie })}</p>
            </section>
          ) : (
            <p>{t('rewardForFriend')}</p>
          )}
          {landing.GueltigBis && (
            <p>
              {t('validUntil', {
                datum: format.dateTime(new Date(landing.GueltigBis), {
                  day: '2-digit',
                  month: '2-digit',
                  year: 'numeric',
                }),
              })}
            </p>
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
          <section aria-labelledby="landing-next">
            <h2 id="landing-next">{t('nextTitle')}</h2>
            <ol className="thanks-steps">
              <li>{t('next1')}</li>
              <li>{t('next2')}</li>
              <li>{t('next3', { produkt, mandant })}</li>
            </ol>
          </section>
          <p>
            <Link
              className="button"
              href={href(
                ctx,
                'RecipientData',
                { empfehlungsnummer: landing.Empfehlungsnummer },
                { ...carried, channel },
              )}
            >
              {t('cta')}
            </Link>
          </p>
        </div>
        {product && (
          <div className="landing-layout__product">
            <ProductTile
              product={product}
              today={germanToday()}
              as="section"
              headingLevel={2}
              showReward={false}
            />
          </div>
        )}
      </div>
    </>
  )
}
