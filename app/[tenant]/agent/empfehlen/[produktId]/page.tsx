import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { AgentCard, agentName } from '@/components/agents/agent-card'
import styles from '@/components/agents/agents.module.css'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { agentNumberSchema, MAX_AGENT_PAGE_SIZE, type AgentListEntry } from '@/lib/contracts/agent'
import type { RewardShare } from '@/lib/contracts/recommendation'
import { searchAgents } from '@/lib/portal/main-api/agents'
import { apiContext, type ApiContext } from '@/lib/portal/main-api/context'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { productName } from '@/lib/shared/catalog/product-name'
import { germanToday, rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import { href, type Query } from '@/lib/routes/href'
import {
  productOfParam,
  RecommendFormSection,
  RecommendProduct,
} from '../../../empfehlen/[produktId]/recommend-form-section'

// Search results and a logged-in referrer's details: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { produktId: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export const generateMetadata = routeMetadata('AgentRecommendations')

/** SPEC §9: the agent form offers the whole reward to the referrer first. */
const AGENT_FORM_SHARE: RewardShare = 100

/** The agent a `berater` parameter names, if the main API still lists them as active. */
async function chosenAgent(api: ApiContext, number: string | undefined): Promise<AgentListEntry | null> {
  const parsed = agentNumberSchema.safeParse(number)
  if (!parsed.success) return null
  const found = await searchAgents(api, { query: parsed.data, page: 1, pagesize: MAX_AGENT_PAGE_SIZE })
  return found.Content.find((agent) => agent.ExterneId === parsed.data) ?? null
}

/**
 * EmpfehlenAgent (SPEC §2.2, under ModuleAgentRecommendation): the referrer finds the sales agent who
 * advised them (by name, postcode or town, a page of AgentSearchPageSize at a time), chooses them, and
 * recommends the product together with the agent: the recommendation carries the agent's number, the
 * friend's landing shows the agent, and orders from it count for the agent's agency. Search and choice
 * live in the address (GET), so they work without JavaScript, survive a reload and can be shared.
 */
export default async function AgentRecommendPage({ params, searchParams }: Props) {
  const { tenant, produktId } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'AgentRecommendations', { produktId }, query)
  const { ctx, config } = portal
  const settings = config.Settings
  const api = apiContext(ctx)
  const product = await productOfParam(api, produktId)
  const t = await getTranslations('AgentRecommend')
  const tr = await getTranslations('Recommend')
  const name = productName(product)
  const carried = carriedQuery(query)
  const here = (extra: Query) => href(ctx, 'AgentRecommendations', { produktId }, { ...carried, ...extra })

  const suche = (first(query.suche) ?? '').trim().slice(0, 100)
  const searched = first(query.suche) !== undefined
  const seite = Math.max(1, Math.min(100_000, Number.parseInt(first(query.seite) ?? '1', 10) || 1))
  const pageSize = Math.min(settings.Limits.AgentSearchPageSize, MAX_AGENT_PAGE_SIZE)
  const requested = first(query.berater)
  const agent = requested ? await chosenAgent(api, requested) : null
  const results =
    !agent && searched ? await searchAgents(api, { query: suche, page: seite, pagesize: pageSize }) : null

  const today = germanToday()
  const { current } = rewardPeriods(product.Praemien, today)

  return (
    <>
      <Breadcrumbs
        ctx={ctx}
        trail={[
          { route: 'Recommendation', params: { produktId }, label: tr('breadcrumb') },
          { route: 'AgentRecommendations', params: { produktId }, label: t('metaTitle') },
        ]}
      />
      <h1>{t('title', { produkt: name })}</h1>
      <p className="lead">{t('intro', { produkt: name })}</p>
      {/* Search and form first: on a phone the agent comes before the product's details. */}
      <div
        className={`recommend-layout recommend-layout--form-first${settings.Display.StackedLayout ? ' recommend-layout--stacked' : ''}`}
      >
        <div className="recommend-layout__form stack">
          {agent ? (
            <section className={styles.chosen} aria-labelledby="agent-chosen">
              <h2 id="agent-chosen">{t('chosenTitle')}</h2>
              <AgentCard agent={agent} />
              <p>
                <Link href={here({ suche: suche || undefined })}>{t('changeAgent')}</Link>
              </p>
            </section>
          ) : (
            <section aria-labelledby="agent-search">
              <h2 id="agent-search">{t('searchTitle')}</h2>
              {requested && (
                <p className="hint" role="status">
                  {t('unknownAgent')}
                </p>
              )}
              <form className={styles.search} method="get" action={here({})} role="search">
                {carried.widget != null && <input type="hidden" name="widget" value={carried.widget} />}
                <div className={styles.searchRow}>
                  <div className="field">
                    <label htmlFor="agent-query">{t('searchLabel')}</label>
                    <input
                      id="agent-query"
                      name="suche"
                      type="search"
                      defaultValue={suche}
                      maxLength={100}
                      autoComplete="off"
                      enterKeyHint="search"
                      aria-describedby="agent-query-hint"
                    />
                  </div>
                  <button type="submit" className="button">
                    {t('searchButton')}
                  </button>
                </div>
                <span id="agent-query-hint" className="hint">
                  {t('searchHint')}
                </span>
              </form>
              {results && <SearchResults results={results} seite={seite} suche={suche} here={here} />}
            </section>
          )}
          {agent && (
            <RecommendFormSection
              portal={portal}
              api={api}
              query={query}
              product={product}
              rewardCents={current?.WertCent ?? null}
              agentNumber={agent.ExterneId}
              defaultShare={AGENT_FORM_SHARE}
            />
          )}
        </div>
        <div className="recommend-layout__product">
          <RecommendProduct portal={portal} product={product} today={today} hasReward={Boolean(current)} />
        </div>
      </div>
    </>
  )
}

async function SearchResults({
  results,
  seite,
  suche,
  here,
}: {
  results: Awaited<ReturnType<typeof searchAgents>>
  seite: number
  suche: string
  here: (extra: Query) => string
}) {
  const t = await getTranslations('AgentRecommend')
  const query = { suche }
  if (results.Content.length === 0 && results.TotalCount > 0)
    return (
      <p role="status">
        {t('pastLast')} <Link href={here(query)}>{t('firstPage')}</Link>
      </p>
    )
  if (results.Content.length === 0)
    return (
      <div role="status">
        <p>
          <strong>{t('noneFound')}</strong>
        </p>
        <p className="hint">{t('noneFoundHint')}</p>
      </div>
    )
  return (
    <section aria-labelledby="agent-results">
      <h3 id="agent-results" className="visually-hidden">
        {t('resultsTitle')}
      </h3>
      <p role="status">{t('found', { anzahl: results.TotalCount })}</p>
      <ul className={styles.results}>
        {results.Content.map((agent) => (
          <li key={agent.ExterneId}>
            <AgentCard
              agent={agent}
              action={
                <Link
                  className="button button--secondary"
                  href={here({ ...query, berater: agent.ExterneId })}
                  aria-label={t('chooseLabel', { name: agentName(agent) })}
                >
                  {t('choose')}
                </Link>
              }
            />
          </li>
        ))}
      </ul>
      {results.PageCount > 1 && (
        <nav className={styles.pager} aria-label={t('pages')}>
          <span>{t('pageOf', { seite, seiten: results.PageCount })}</span>
          <span className={styles.pagerLinks}>
            {seite > 1 && (
              <Link href={here({ ...query, seite: String(seite - 1) })} rel="prev">
                {t('previous')}
              </Link>
            )}
            {results.HasNext && (
              <Link href={here({ ...query, seite: String(seite + 1) })} rel="next">
                {t('next')}
              </Link>
            )}
          </span>
        </nav>
      )}
    </section>
  )
}
