import type {
  AgencyOrderRow,
  LeadReportRow,
  RecommendationReportRow,
  ReferrerReportRow,
  RewardReportRow,
} from '@/lib/contracts/agency'
import type { Invitation } from '@/lib/contracts/invitation'
import type { Locale } from '@/lib/i18n/config'
import { reportCsv } from './csv'
import { invitationReport } from './invitations'
import { leadReport } from './leads'
import { agencyOrderReport } from './orders'
import { recommendationReport } from './recommendations'
import { referrerReport } from './referrers'
import { rewardReport } from './rewards'
import type { ReportDefinition } from './report'

// The CSV exports read as the screens show the rows (issue: CSV exports did not match the screen): days
// in German time, the screens' labels for states and kinds, euros with the language's decimal separator.

/** The heading line and the first row of a report's CSV, each split into its fields. */
function csvOf<Row>(definition: ReportDefinition<Row>, row: Row, locale: Locale = 'de') {
  const [heading, first] = reportCsv(definition.columns, [row], locale)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
  const headings = heading!.split(';')
  const values = first!.split(';')
  return Object.fromEntries(headings.map((name, i) => [name, values[i]]))
}

const LATE = '2026-11-29T23:34:58.983Z' // 30.11.2026 00:34 in Germany

describe('report CSV columns', () => {
  it('orders: the order day, the state and release as on screen, the reward in euros', () => {
    const row: AgencyOrderRow = {
      Auftragsnummer: 'A-1',
      Auftragsdatum: '2026-11-30',
      ProduktName: 'Glasfaser 500',
      Status: 'Offen',
      Empfehlungsnummer: 'E-1',
      Agentennummer: 'SV-1001',
      Empfaengername: 'Eva Beispiel',
      PraemieWertCent: 7000,
      Freigabe: 'Teilweise',
      FreigabenNoetig: 2,
      Freigaben: [{ Name: 'Ina Haber', Am: LATE }],
      Freigebbar: false,
    }
    expect(csvOf(agencyOrderReport, row)).toEqual({
      Auftragsnummer: 'A-1',
      Auftragsdatum: '30.11.2026',
      Produkt: 'Glasfaser 500',
      Status: 'In Bearbeitung',
      Empfehlungsnummer: 'E-1',
      Beraternummer: 'SV-1001',
      Kunde: 'Eva Beispiel',
      'Prämie (€)': '70,00',
      Freigabe: '1 von 2 Freigaben · Ina Haber, 30.11.2026',
    })
    const english = csvOf(
      agencyOrderReport,
      { ...row, Status: 'Gezahlt', Freigabe: 'Offen', Freigaben: [] },
      'en',
    )
    expect(english).toMatchObject({ 'Order date': '30/11/2026', 'Reward (€)': '70.00', Status: 'Completed' })
    expect(english.Release).toMatch(/two releases/i)
    expect(csvOf(agencyOrderReport, { ...row, Freigabe: 'Entfaellt', Freigaben: [] }).Freigabe).toBe('')
  })

  it('recommendations: created in German time, the state label, the reward in euros or empty', () => {
    const row: RecommendationReportRow = {
      Empfehlungsnummer: 'E-2',
      ErstelltAm: LATE,
      ProduktName: 'Glasfaser 500',
      Agentennummer: 'SV-1001',
      AgentName: 'Berta Berater',
      EmpfehlerName: 'Max Muster',
      AnteilEmpfehler: 50,
      PraemieWertCent: 9050,
      Status: 'Unbestaetigt',
    }
    expect(csvOf(recommendationReport, row)).toMatchObject({
      'Erstellt am': '30.11.2026 00:34',
      'Anteil Empfehler (%)': '50',
      'Prämie (€)': '90,50',
      Status: 'Unbestätigt',
    })
    expect(csvOf(recommendationReport, { ...row, PraemieWertCent: null })['Prämie (€)']).toBe('')
  })

  it('rewards: "Empfohlene Person" and the reward state as on screen', () => {
    const row: RewardReportRow = {
      Praemiennummer: 'P-1',
      ErstelltAm: LATE,
      Empfehlungsnummer: 'E-3',
      ProduktName: 'Glasfaser 500',
      Agentennummer: null,
      Beguenstigter: 'Empfaenger',
      WertCent: 5000,
      Status: 'Offen',
    }
    expect(csvOf(rewardReport, row)).toEqual({
      Prämiennummer: 'P-1',
      'Entstanden am': '30.11.2026 00:34',
      Empfehlungsnummer: 'E-3',
      Produkt: 'Glasfaser 500',
      Beraternummer: '',
      Für: 'Empfohlene Person',
      'Prämie (€)': '50,00',
      Status: 'Wartet auf Vertrag',
    })
  })

  it('invitations: "Vor Ort", the state label and every step in German time', () => {
    const row: Invitation = {
      Id: 'i-1',
      ErstelltAm: LATE,
      Vorname: 'Clara',
      Nachname: 'Kundin',
      Email: 'clara@example.org',
      Art: 'VorOrt',
      Mitarbeiternummer: 'M-7',
      Status: 'Geoeffnet',
      GeoeffnetAm: '2026-12-01T08:15:00Z',
      RegistriertAm: null,
      EmpfohlenAm: null,
    }
    expect(csvOf(invitationReport, row)).toEqual({
      'Eingeladen am': '30.11.2026 00:34',
      Vorname: 'Clara',
      Nachname: 'Kundin',
      'E-Mail': 'clara@example.org',
      Gespräch: 'Vor Ort',
      Mitarbeiternummer: 'M-7',
      Status: 'Geöffnet',
      'Geöffnet am': '01.12.2026 09:15',
      'Registriert am': '',
      'Erste Empfehlung am': '',
    })
    expect(csvOf(invitationReport, { ...row, Art: 'Telefon' as const }, 'en')).toMatchObject({
      Conversation: 'By phone',
      Status: 'Opened',
    })
  })

  it('leads and referrers: dates in German time and the state label', () => {
    const lead: LeadReportRow = {
      Empfaengernummer: 'R-1',
      ErstelltAm: LATE,
      Name: 'Eva Beispiel',
      Plz: '10115',
      Ort: 'Berlin',
      Email: null,
      Telefon: null,
      Werbeeinwilligung: false,
      Empfehlungsnummer: 'E-4',
      ProduktName: 'Glasfaser 500',
      Agentennummer: 'SV-1001',
      Status: 'Bestaetigt',
    }
    expect(csvOf(leadReport, lead)).toMatchObject({
      Empfängernummer: 'R-1',
      'Eingegangen am': '30.11.2026 00:34',
      PLZ: '10115',
      Werbeeinwilligung: 'Nein',
      Status: 'Bestätigt',
    })
    const referrer: ReferrerReportRow = {
      Name: 'Max Muster',
      Email: 'max@example.org',
      Empfehlungen: 3,
      Leads: 2,
      Auftraege: 1,
      LetzteEmpfehlung: LATE,
    }
    expect(csvOf(referrerReport, referrer)).toEqual({
      Name: 'Max Muster',
      'E-Mail-Adresse': 'max@example.org',
      Empfehlungen: '3',
      Leads: '2',
      Aufträge: '1',
      'Letzte Empfehlung': '30.11.2026 00:34',
    })
  })

  it.each(['de', 'en'] as const)('heads every column with a text of messages/%s.json', (locale) => {
    const reports = [
      referrerReport,
      recommendationReport,
      leadReport,
      agencyOrderReport,
      rewardReport,
      invitationReport,
    ] as ReportDefinition<unknown>[]
    for (const definition of reports) {
      const headings = reportCsv(definition.columns, [], locale)
        .replace(/^\uFEFF/, '')
        .trim()
        .split(';')
      // A missing message reads as its key (report.columns.x): no heading may look like one.
      for (const heading of headings) expect(heading).not.toMatch(/^\w+(\.\w+)+$/)
      expect(new Set(headings).size).toBe(headings.length)
    }
  })
})
