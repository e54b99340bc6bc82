import 'server-only'
import { and, asc, eq, gte, lt, ne, isNotNull } from 'drizzle-orm'
import { agencies, orders, recommendations } from '@/lib/db/schema'
import type { Statement, Statements } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { germanDayStart } from '@/lib/shared/german-date'
import { getDb } from '@/lib/engine/db'
import { listProducts } from '@/lib/engine/catalog/list-products'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { commissionCent } from './commission'

/** How many months the list of statements reaches back, the current one included. */
export const STATEMENT_MONTHS = 12

/** The month `offset` months after `month` (YYYY-MM). */
export function shiftMonth(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, m - 1 + offset, 1))
  return date.toISOString().slice(0, 7)
}

/** The agency's released, not cancelled orders of [from, to) months, with what a statement shows. */
async function releasedOrders(tenant: Tenant, agencyId: string, from: string, to: string) {
  const db = await getDb()
  const rows = await db
    .select({
      auftragsnummer: orders.auftragsnummer,
      empfehlungsnummer: recommendations.nummer,
      produktId: orders.produktId,
      produktName: orders.produktName,
      auftragsdatum: orders.auftragsdatum,
      releasedAt: orders.releasedAt,
    })
    .from(orders)
    .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
    .where(
      and(
        eq(orders.tenantSlug, tenant.slug),
        eq(orders.agencyId, agencyId),
        isNotNull(orders.releasedAt),
        ne(orders.status, 'Storniert'),
        gte(orders.releasedAt, germanDayStart(`${from}-01`)),
        lt(orders.releasedAt, germanDayStart(`${to}-01`)),
      ),
    )
    .orderBy(asc(orders.releasedAt), asc(orders.auftragsnummer))
  const ids = [...new Set(rows.map((r) => r.produktId))]
  const products = await listProducts(tenant, 'de', { ids })
  const provision = new Map(
    products.map((p) => [p.Id, commissionCent(p.Art === 'festnetz' ? p.Provision : null)]),
  )
  return rows.map((row) => ({
    ...row,
    releasedOn: germanToday(row.releasedAt!),
    provisionCent: provision.get(row.produktId) ?? 0,
  }))
}

/** GET agentur/abrechnungen: the last twelve months with their order count and commission, newest first. */
export async function listStatements(
  tenant: Tenant,
  user: AgencySessionUser,
  clock: Clock,
): Promise<Statements> {
  const current = germanToday(clock()).slice(0, 7)
  const first = shiftMonth(current, -(STATEMENT_MONTHS - 1))
  const rows = await releasedOrders(tenant, user.agency.id, first, shiftMonth(current, 1))
  return {
    Monate: Array.from({ length: STATEMENT_MONTHS }, (_, n) => {
      const month = shiftMonth(current, -n)
      const lines = rows.filter((r) => r.releasedOn.startsWith(month))
      return {
        Monat: month,
        Auftraege: lines.length,
        SummeCent: lines.reduce((sum, r) => sum + r.provisionCent, 0),
        Laufend: month === current,
      }
    }),
  }
}

/**
 * GET agentur/abrechnungen/{Monat}: the statement of one month up to the current one (a later month has
 * none: NichtGefunden). The current month's statement is provisional (Laufend) until the month is over.
 */
export async function monthStatement(
  tenant: Tenant,
  user: AgencySessionUser,
  month: string,
  clock: Clock,
): Promise<Statement> {
  const now = clock()
  const current = germanToday(now).slice(0, 7)
  if (month > current) throw new ApiError('NichtGefunden')
  const db = await getDb()
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, user.agency.id)).limit(1)
  if (!agency) throw new ApiError('NichtGefunden')
  const rows = await releasedOrders(tenant, user.agency.id, month, shiftMonth(month, 1))
  return {
    Monat: month,
    Agentur: { Name: agency.name, Strasse: agency.street, Plz: agency.postcode, Ort: agency.town },
    Positionen: rows.map((r) => ({
      Auftragsnummer: r.auftragsnummer,
      Empfehlungsnummer: r.empfehlungsnummer,
      Produkt: r.produktName,
      Auftragsdatum: r.auftragsdatum,
      FreigegebenAm: r.releasedOn,
      ProvisionCent: r.provisionCent,
    })),
    SummeCent: rows.reduce((sum, r) => sum + r.provisionCent, 0),
    Laufend: month === current,
    ErstelltAm: now.toISOString(),
  }
}
