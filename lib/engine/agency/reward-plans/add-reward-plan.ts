import 'server-only'
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import { agencies, agencyRewardPlans, products } from '@/lib/db/schema'
import type { NewRewardPlan, RewardPlan } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { getDb, type Db } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { OPEN_END, toRewardPlan } from './plan-rows'
import { productNames } from './targets'

/**
 * POST agentur/praemienplan (owners): a reward for one product or one category over a period from today
 * or later. The plans of one target never overlap: the check and the insert run under the agency's row
 * lock, so two owners adding at once cannot both pass it.
 */
export async function addRewardPlan(
  tenant: Tenant,
  user: AgencySessionUser,
  input: NewRewardPlan,
  clock: Clock,
): Promise<RewardPlan> {
  const now = clock()
  const today = germanToday(now)
  if (input.Startdatum < today) throw new ApiError('PraemienplanStartVergangen')
  if (input.Enddatum !== null && input.Enddatum < input.Startdatum)
    throw new ApiError('PraemienplanZeitraumUngueltig')
  const db = await getDb()
  if (!(await targetExists(db, tenant, input.Ziel))) throw new ApiError('PraemienplanZielUnbekannt')
  const target =
    input.Ziel.Art === 'Produkt'
      ? { produktId: input.Ziel.ProduktId, quelle: null, kategorie: null }
      : { produktId: null, quelle: input.Ziel.Quelle, kategorie: input.Ziel.Kategorie }

  const plan = await db.transaction(async (tx) => {
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, user.agency.id)).for('update')
    const sameTarget =
      target.produktId !== null
        ? eq(agencyRewardPlans.produktId, target.produktId)
        : and(
            eq(agencyRewardPlans.quelle, target.quelle!),
            eq(agencyRewardPlans.kategorie, target.kategorie!),
          )
    const [overlap] = await tx
      .select({ id: agencyRewardPlans.id })
      .from(agencyRewardPlans)
      .where(
        and(
          eq(agencyRewardPlans.agencyId, user.agency.id),
          isNull(agencyRewardPlans.deletedAt),
          sameTarget,
          lte(agencyRewardPlans.startdatum, input.Enddatum ?? OPEN_END),
          gte(sql`coalesce(${agencyRewardPlans.enddatum}, ${OPEN_END}::date)`, input.Startdatum),
        ),
      )
      .limit(1)
    if (overlap) throw new ApiError('PraemienplanUeberschneidung')
    const [row] = await tx
      .insert(agencyRewardPlans)
      .values({
        tenantSlug: tenant.slug,
        agencyId: user.agency.id,
        ...target,
        wertCent: input.WertCent,
        startdatum: input.Startdatum,
        enddatum: input.Enddatum,
        createdBy: user.id,
        createdAt: now,
      })
      .returning()
    return row!
  })
  const names = await productNames(tenant, plan.produktId === null ? [] : [plan.produktId])
  return toRewardPlan(plan, user.name || user.email, names, today)
}

async function targetExists(db: Db, tenant: Tenant, target: NewRewardPlan['Ziel']): Promise<boolean> {
  const [found] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.tenantSlug, tenant.slug),
        target.Art === 'Produkt'
          ? eq(products.id, target.ProduktId)
          : and(eq(products.quelle, target.Quelle), eq(products.kategorie, target.Kategorie)),
      ),
    )
    .limit(1)
  return Boolean(found)
}
