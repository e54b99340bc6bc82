import 'server-only'
import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { agents, recommendations, recommendationVisits, referrers } from '@/lib/db/schema'
import { AGENT_COLUMNS, toAgentEntry, type AgentRow } from '@/lib/engine/agency/agents/find-agents'
import { env } from '@/lib/shared/env'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { Landing, LandingState } from '@/lib/contracts/recipient'
import { recommendationRewardSplit } from './reward-split'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { ReferrerRow } from '@/lib/engine/referrers/to-user'
import type { RecommendationRow } from './to-recommendation'

type Found = { row: RecommendationRow; referrer: ReferrerRow | null; agent: AgentRow | null }

/**
 * A shared recommendation by its number (or its offline code). One still waiting for its referrer's
 * opt-in was never shared: it is not found, like an unknown number.
 */
export async function findSharedRecommendation(
  db: Db,
  tenant: Tenant,
  by: { nummer: string } | { code: string },
): Promise<Found> {
  const [found] = await db
    .select({ row: recommendations, referrer: referrers, agent: AGENT_COLUMNS })
    .from(recommendations)
    .leftJoin(referrers, eq(referrers.id, recommendations.referrerId))
    .leftJoin(
      agents,
      and(
        eq(agents.tenantSlug, recommendations.tenantSlug),
        eq(agents.externeId, recommendations.agentNumber),
        eq(agents.active, true),
      ),
    )
    .where(
      and(
        eq(recommendations.tenantSlug, tenant.slug),
        'nummer' in by ? eq(recommendations.nummer, by.nummer) : eq(recommendations.code, by.code),
      ),
    )
    .limit(1)
  if (!found || !found.row.activatedAt) throw new ApiError('NichtGefunden')
  return found
}

/**
 * SPEC §4 from the recipient's side: a recommendation is blocked once its referrer's account is locked
 * or deleted, or the referrer may no longer take part; expired after its validity.
 */
export function landingState({ row, referrer }: Found, now: Date): LandingState {
  if (!referrer || referrer.locked) return 'Gesperrt'
  if (row.expiresAt && row.expiresAt <= now) return 'Abgelaufen'
  return 'Ok'
}

/**
 * The referrer as the friend sees him, on the web and in mails alike: first name and the initial of the
 * last name ("Lena S."). The landing is open to anyone who has the link (shared in groups and on social
 * channels), so it shows no more of the referrer than that; the friend's mails say the same, so the
 * name never reads differently between mail and web (data minimisation, GDPR Art. 5(1)(c)).
 */
export function referrerShortName(referrer: Pick<ReferrerRow, 'vorname' | 'nachname'>): {
  Vorname: string
  Nachname: string
} {
  return { Vorname: referrer.vorname, Nachname: referrer.nachname ? `${referrer.nachname.slice(0, 1)}.` : '' }
}

export function toLanding(tenant: Tenant, found: Found, now: Date): Landing {
  const { row, referrer } = found
  const split = recommendationRewardSplit(tenant, row)
  return {
    Empfehlungsnummer: row.nummer,
    Status: landingState(found, now),
    Empfehler: referrer ? referrerShortName(referrer) : null,
    Produkt: { Id: row.produktId, AnzeigeName: row.produktName },
    AnteilEmpfehler: row.anteilEmpfehler,
    PraemieEmpfaengerCent: split.friendCents,
    PraemieEmpfehlerCent: split.referrerCents,
    GueltigBis: row.expiresAt?.toISOString() ?? null,
    Berater:
      found.agent && tenant.settings.ModuleAgentRecommendation ? toAgentEntry(tenant, found.agent) : null,
  }
}

/** GET /empfehlung/{nr}: the landing view of a shared recommendation, in whatever state it is. */
export async function getLanding(
  tenant: Tenant,
  nummer: string,
  clock: Clock = systemClock,
): Promise<Landing> {
  const db = await getDb()
  return toLanding(tenant, await findSharedRecommendation(db, tenant, { nummer }), clock())
}

/**
 * GET /empfehlen/{nr}/{hex}: the recommendation of a link that carries its hex, only while it can be
 * followed (EmpfehlungAbgelaufen, EmpfehlungGesperrt otherwise); `/empfehlen/any/…` answers it in any
 * state. A wrong hex is not found.
 */
export async function getLandingByHex(
  tenant: Tenant,
  nummer: string,
  hex: string,
  options: { any: boolean; clock?: Clock },
): Promise<Landing> {
  const db = await getDb()
  const found = await findSharedRecommendation(db, tenant, { nummer })
  if (found.row.hex !== hex) throw new ApiError('NichtGefunden')
  const landing = toLanding(tenant, found, (options.clock ?? systemClock)())
  if (!options.any) assertOpen(landing)
  return landing
}

export function assertOpen(landing: Landing) {
  if (landing.Status === 'Abgelaufen') throw new ApiError('EmpfehlungAbgelaufen')
  if (landing.Status === 'Gesperrt') throw new ApiError('EmpfehlungGesperrt')
}

/** The visitor of a day: an HMAC of the client IP and the date, so nothing is stored on the device. */
function visitorKey(ip: string | null, day: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET)
    .update(`visit:${ip ?? 'unknown'}:${day}`)
    .digest('hex')
}

/**
 * PUT /empfehlung/{nr} (a landing) and GET /empfehlen/click/{nr} (a click with its channel): counted
 * once per visitor and day. Answers the landing view.
 */
export async function recordVisit(
  tenant: Tenant,
  nummer: string,
  visit: { kind: 'landing' | 'click'; channel?: string; ip: string | null; clock?: Clock },
): Promise<Landing> {
  const now = (visit.clock ?? systemClock)()
  const db = await getDb()
  const found = await findSharedRecommendation(db, tenant, { nummer })
  const day = germanToday(now)
  await db
    .insert(recommendationVisits)
    .values({
      recommendationId: found.row.id,
      kind: visit.kind,
      channel: visit.channel ?? '',
      visitorKey: visitorKey(visit.ip, day),
      day,
      createdAt: now,
    })
    .onConflictDoNothing()
  return toLanding(tenant, found, now)
}
