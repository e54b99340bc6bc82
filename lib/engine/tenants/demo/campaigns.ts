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

/**
 * Demo campaigns (SPEC §3 Campaign, GET /aktion/alleAktiven) around the seeding day: two running, one
 * over and one still to come, so the active rule shows. demo-closed runs none.
 */
export function demoCampaigns(tenantSlug: string, today: Date): DemoCampaign[] {
  if (tenantSlug !== 'demo') return []
  return [
    {
      id: 1,
      texts: {
        de: {
          Titel: 'Winter-Gewinnspiel',
          Text: 'Mit jeder Empfehlung in diesem Winter nehmen Sie an der Verlosung von drei Tablets teil.',
          RechtsText:
            'Ich möchte am Winter-Gewinnspiel teilnehmen und bin einverstanden, dass Lumenta Telekom mich im Gewinnfall per E-Mail benachrichtigt. Die Teilnahmebedingungen des Gewinnspiels habe ich gelesen.',
        },
        en: {
          Titel: 'Winter prize draw',
          Text: 'Every recommendation this winter enters you into the draw for three tablets.',
          RechtsText:
            'I would like to take part in the winter prize draw and agree that Lumenta Telekom notifies me by e-mail if I win. I have read the terms of the prize draw.',
        },
      },
      zustimmungErforderlich: true,
      startdatum: monthStart(today, -1),
      enddatum: monthStart(today, 3, -1),
      sortierung: 1,
    },
    {
      id: 2,
      texts: {
        de: {
          Titel: 'Glasfaser-Bonus',
          Text: 'Für Glasfaser-Empfehlungen gibt es derzeit die höchste Prämie des Jahres.',
          RechtsText: '',
        },
        en: {
          Titel: 'Glass fibre bonus',
          Text: 'Glass fibre recommendations currently earn the highest reward of the year.',
          RechtsText: '',
        },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, -2),
      enddatum: null,
      sortierung: 2,
    },
    {
      id: 3,
      texts: {
        de: { Titel: 'Sommer-Aktion', Text: 'Die Sommer-Aktion ist beendet.', RechtsText: '' },
        en: { Titel: 'Summer offer', Text: 'The summer offer has ended.', RechtsText: '' },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, -6),
      enddatum: monthStart(today, -1, -1),
      sortierung: 3,
    },
    {
      id: 4,
      texts: {
        de: { Titel: 'Frühlings-Aktion', Text: 'Bald geht es los.', RechtsText: '' },
        en: { Titel: 'Spring offer', Text: 'Starting soon.', RechtsText: '' },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, 4),
      enddatum: null,
      sortierung: 4,
    },
  ]
}
