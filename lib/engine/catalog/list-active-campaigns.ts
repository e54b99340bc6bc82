import 'server-only'
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { campaigns } from '@/lib/db/schema'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { campaignTextsSchema, type Aktion } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** GET /aktion/alleAktiven: the tenant's campaigns running today (German time), in their order. */
export async function listActiveCampaigns(tenant: Tenant, locale: Locale, clock?: Clock): Promise<Aktion[]> {
  const today = germanToday(clock?.())
  const db = await getDb()
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.tenantSlug, tenant.slug),
        lte(campaigns.startdatum, today),
        or(isNull(campaigns.enddatum), gte(campaigns.enddatum, today)),
      ),
    )
    .orderBy(asc(campaigns.sortierung), asc(campaigns.id))
  return rows.map((row) => {
    const texts = campaignTextsSchema.parse(row.texts)
    const localized = { ...texts.de, ...(locale === 'en' ? texts.en : {}) }
    return {
      AktionsId: row.id,
      Titel: localized.Titel,
      Text: localized.Text,
      RechtsText: localized.RechtsText,
      abgehakt: false,
      Zustimmung: row.zustimmungErforderlich,
    }
  })
}
