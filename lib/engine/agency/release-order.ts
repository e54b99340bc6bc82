import 'server-only'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { orderReleases, orders, recommendations } from '@/lib/db/schema'
import type { OrderRelease } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { getDb, type Db } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { settleOrder } from '@/lib/engine/rewards/settle-order'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { AgencySessionUser } from './agency-session'

/** How many releases an order needs: two by different people above the tenant's four-eyes amount. */
export function releasesNeeded(tenant: Pick<Tenant, 'settings'>, promisedCent: number | null): 1 | 2 {
  const limit = tenant.settings.AgencyOrderRelease.FourEyesAboveCent
  return limit !== null && (promisedCent ?? 0) > limit ? 2 : 1
}

/**
 * PUT agentur/auftragfreigeben/{Auftragsnummer}/{Empfehlungsnummer}: the agency user releases one of
 * the agency's orders (both numbers must match, so a typo releases nothing). The order is released once
 * it has the releases it needs; then, if the provider reported it paid and the complaint period is over,
 * its rewards become ready at once (otherwise the daily job does it later). One person releases an order
 * once; a cancelled or already released order is refused.
 */
export async function releaseOrder(
  tenant: Tenant,
  user: AgencySessionUser,
  numbers: { auftragsnummer: string; empfehlungsnummer: string },
  clock: Clock,
): Promise<OrderRelease> {
  const db = await getDb()
  const now = clock()
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ order: orders, promised: recommendations.praemieWertCent })
      .from(orders)
      .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
      .where(
        and(
          eq(orders.tenantSlug, tenant.slug),
          eq(orders.auftragsnummer, numbers.auftragsnummer),
          eq(recommendations.nummer, numbers.empfehlungsnummer),
          eq(orders.agencyId, user.agency.id),
        ),
      )
      .for('update', { of: orders })
      .limit(1)
    if (!found) throw new ApiError('NichtGefunden')
    const { order } = found
    if (order.releasedAt) throw new ApiError('AuftragBereitsFreigegeben')
    if (order.status === 'Storniert') throw new ApiError('AuftragNichtFreigebbar')
    const [added] = await tx
      .insert(orderReleases)
      .values({ orderId: order.id, agencyUserId: user.id, name: user.name || user.email, at: now })
      .onConflictDoNothing()
      .returning()
    if (!added) throw new ApiError('FreigabeDurchAnderePerson')
    const [{ given } = { given: 0 }] = await tx
      .select({ given: count() })
      .from(orderReleases)
      .where(eq(orderReleases.orderId, order.id))
    let current = order
    if (given >= releasesNeeded(tenant, found.promised)) {
      const [released] = await tx
        .update(orders)
        .set({ releasedAt: now, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning()
      current = released!
      await settleOrder(
        tx,
        tenant,
        current,
        now,
        'Auftrag durch Agentur freigegeben, Beschwerdefrist abgelaufen',
      )
    }
    const state = await releasesOf(tx, tenant, [{ ...current, promised: found.promised }], user.id)
    return state.get(order.id)!
  })
  kickMailWorker()
  return result
}

const RELEASE_CHUNK = 1000

/** What the release state of an order is read from besides its releases (the report has it already). */
export type ReleaseSubject = {
  id: string
  status: string
  releasedAt: Date | null
  /** The reward promised by the recommendation (decides whether four eyes are needed). */
  promised: number | null
}

/** The release state of orders as the agency's order report shows it, for the asking person. */
export async function releasesOf(
  db: Db,
  tenant: Pick<Tenant, 'settings'>,
  subjects: ReleaseSubject[],
  agencyUserId: string,
): Promise<Map<string, OrderRelease>> {
  if (subjects.length === 0) return new Map()
  // A CSV export asks for up to 50,000 orders: in chunks, each well inside PostgreSQL's parameter limit.
  if (subjects.length > RELEASE_CHUNK) {
    const parts: Map<string, OrderRelease>[] = []
    for (let i = 0; i < subjects.length; i += RELEASE_CHUNK)
      parts.push(await releasesOf(db, tenant, subjects.slice(i, i + RELEASE_CHUNK), agencyUserId))
    return new Map(parts.flatMap((part) => [...part]))
  }
  const given = await db
    .select({
      orderId: orderReleases.orderId,
      userId: orderReleases.agencyUserId,
      name: orderReleases.name,
      at: orderReleases.at,
    })
    .from(orderReleases)
    .where(
      inArray(
        orderReleases.orderId,
        subjects.map((subject) => subject.id),
      ),
    )
    .orderBy(asc(orderReleases.at))
  return new Map(
    subjects.map((row) => {
      const mine = given.filter((release) => release.orderId === row.id)
      const state: OrderRelease['Freigabe'] = row.releasedAt
        ? 'Freigegeben'
        : row.status === 'Storniert'
          ? 'Entfaellt'
          : mine.length > 0
            ? 'Teilweise'
            : 'Offen'
      return [
        row.id,
        {
          Freigabe: state,
          FreigabenNoetig: releasesNeeded(tenant, row.promised),
          Freigaben: mine.map((release) => ({ Name: release.name, Am: release.at.toISOString() })),
          Freigebbar:
            (state === 'Offen' || state === 'Teilweise') &&
            !mine.some((release) => release.userId === agencyUserId),
        },
      ]
    }),
  )
}
