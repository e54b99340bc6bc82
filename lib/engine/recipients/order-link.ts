import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipients, recommendationVisits } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { findProduct } from '@/lib/engine/catalog/product-source'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { assertOpen, findSharedRecommendation, toLanding } from '@/lib/engine/recommendations/landing'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** The provider's order page with the attribution filled in (tenant setting BestellUrl). */
export function orderUrl(
  tenant: Tenant,
  values: {
    externeId: string
    produktId: number
    empfehlungsnummer: string
    empfaengernummer: string
    channel: string
  },
): string {
  const template =
    tenant.settings.BestellUrl ||
    `${tenant.settings.MandantUrl.replace(/\/$/, '')}/bestellen?produkt={externeId}&empfehlung={empfehlungsnummer}&empfaenger={empfaengernummer}&kanal={channel}`
  return template.replace(
    /\{(externeId|produktId|empfehlungsnummer|empfaengernummer|channel)\}/g,
    (_m, name: string) => encodeURIComponent(String(values[name as keyof typeof values])),
  )
}

/**
 * GET /empfehlung/{nr}/produkt/produktlink?channel=&empfaengernummer=: the order page for the
 * recommended product, for a recipient of this recommendation who has confirmed and agreed. The way
 * there is counted like a click.
 */
export async function productLink(
  tenant: Tenant,
  nummer: string,
  query: { channel?: string; empfaengernummer?: string },
  options: { locale: Locale; clock?: Clock },
): Promise<string> {
  const now = (options.clock ?? systemClock)()
  const db = await getDb()
  const found = await findSharedRecommendation(db, tenant, { nummer })
  assertOpen(toLanding(tenant, found, now))
  if (!query.empfaengernummer) throw new ApiError('NichtAuthorisiert')
  const [recipient] = await db
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.tenantSlug, tenant.slug),
        eq(recipients.recommendationId, found.row.id),
        eq(recipients.empfaengernummer, query.empfaengernummer),
      ),
    )
    .limit(1)
  if (!recipient?.confirmedAt || !recipient.consentedAt) throw new ApiError('NichtAuthorisiert')
  const product = await findProduct(tenant, options.locale, { id: found.row.produktId })
  const channel = query.channel || recipient.channel || found.row.channel
  await db
    .insert(recommendationVisits)
    .values({
      recommendationId: found.row.id,
      kind: 'produktlink',
      channel,
      visitorKey: recipient.id,
      day: germanToday(now),
      createdAt: now,
    })
    .onConflictDoNothing()
  return orderUrl(tenant, {
    externeId: product.ExterneId,
    produktId: product.Id,
    empfehlungsnummer: found.row.nummer,
    empfaengernummer: recipient.empfaengernummer,
    channel,
  })
}
