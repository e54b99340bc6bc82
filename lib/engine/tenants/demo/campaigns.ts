import campaigns from './campaigns.json'

export type DemoCampaign = {
  id: number
  texts: {
    de: { Titel: string; Text: string; RechtsText: string }
    en: { Titel: string; Text: string; RechtsText: string }
  }
  zustimmungErforderlich: boolean
  startdatum: string
  enddatum: string | null
  sortierung: number
}

/** ISO date of the first day of the month `months` away from `today` (UTC), shifted by `days`. */
function monthStart(today: Date, months: number, days = 0): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1 + days))
    .toISOString()
    .slice(0, 10)
}

/** A day relative to the seeding day: the first of the month `months` away, shifted by `days`. */
type MonthOffset = { months: number; days?: number }

type CampaignData = Omit<DemoCampaign, 'startdatum' | 'enddatum'> & {
  start: MonthOffset
  end: MonthOffset | null
}

/**
 * Demo campaigns (SPEC §3 Campaign, GET /aktion/alleAktiven) around the seeding day: two running, one
 * over and one still to come, so the active rule shows. demo-closed runs none. Their texts and days are
 * data (campaigns.json).
 */
export function demoCampaigns(tenantSlug: string, today: Date): DemoCampaign[] {
  if (tenantSlug !== 'demo') return []
  return (campaigns as CampaignData[]).map(({ start, end, ...campaign }) => ({
    ...campaign,
    startdatum: monthStart(today, start.months, start.days),
    enddatum: end && monthStart(today, end.months, end.days),
  }))
}
