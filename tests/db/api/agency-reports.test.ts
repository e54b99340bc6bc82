import {
  leadReportSchema,
  agencyOrderReportSchema,
  recommendationReportSchema,
  referrerReportSchema,
  statisticsSchema,
} from '@/lib/contracts/agency'
import { createdRecipientSchema } from '@/lib/contracts/recipient'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, expectError, login, DEMO_CREDENTIALS, uniqueClientIp } from '../support/http'
import { portalPath, registerAccount, releaseRegisteredAccounts } from '../support/accounts'
import { linkFrom, waitForMail } from '../support/mailbox'
import { recipientPerson } from '../support/recipients'
import { recommendWithoutLogin, sharedRecommendation } from '../support/recommendations'

// SPEC §3 Report request, §6 views, §7.1 PUT agentur/empfehler, agentur/{empfehlungen,leads,auftraege}/{liste,csv}
// (issue 17): server-side paging, sorting and filtering of the agency's own rows, and CSV.

const REPORTS = {
  empfehler: { path: 'empfehler', schema: referrerReportSchema, view: 'EmpfehlerReport' },
  empfehlungen: { path: 'empfehlungen/liste', schema: recommendationReportSchema, view: 'EmpfehlerReport' },
  leads: { path: 'leads/liste', schema: leadReportSchema, view: 'EmpfehlerReport' },
  auftraege: { path: 'auftraege/liste', schema: agencyOrderReportSchema, view: 'AuftragsReport' },
} as const
type Report = keyof typeof REPORTS

const report = (tenant: string, path: string, body: unknown, token?: string, locale?: string) =>
  call(`/api/v1/${tenant}/agentur/${path}`, { method: 'PUT', body, token, locale })

const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

afterAll(releaseRegisteredAccounts)

describe('agency reports', () => {
  it.each(['owner', 'inactiveOwner', 'employee'] as const)(
    'answer every report to the %s with the demo agency rows, one page at a time',
    async (who) => {
      const token = await tokenOf(who)
      for (const name of Object.keys(REPORTS) as Report[]) {
        const answer = await report('demo', REPORTS[name].path, { Pagesize: 5 }, token)
        expect({ name, status: answer.status }).toEqual({ name, status: 200 })
        const page = REPORTS[name].schema.parse(answer.json)
        expect(page.Content.length).toBeGreaterThan(0)
        expect(page.Content.length).toBeLessThanOrEqual(5)
        expect(page).toMatchObject({ Pagenumber: 1, Pagesize: 5, TotalCountCapped: false })
        expect(page.PageCount).toBe(Math.ceil(page.TotalCount / 5))
        expect(page.HasNext).toBe(page.TotalCount > 5)
      }
    },
  )

  it('pages without gaps or repeats and sorts by a whitelisted key', async () => {
    const token = await tokenOf('owner')
    const all = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 100, OrderBy: 'ErstelltAm' }, token)).json,
    )
    const dates = all.Content.map((row) => row.ErstelltAm)
    expect(dates).toEqual([...dates].sort().reverse())
    const first = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 7, Pagenumber: 1 }, token)).json,
    )
    const second = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 7, Pagenumber: 2 }, token)).json,
    )
    expect([...first.Content, ...second.Content].map((r) => r.Empfehlungsnummer)).toEqual(
      all.Content.slice(0, 14).map((r) => r.Empfehlungsnummer),
    )
    const ascending = agencyOrderReportSchema.parse(
      (
        await report(
          'demo',
          'auftraege/liste',
          { OrderBy: 'Auftragsdatum', Descending: false, Pagesize: 100 },
          token,
        )
      ).json,
    )
    const days = ascending.Content.map((row) => row.Auftragsdatum)
    expect(days).toEqual([...days].sort())
  })

  it('filters by status, period and agent', async () => {
    const token = await tokenOf('employee')
    const paid = agencyOrderReportSchema.parse(
      (await report('demo', 'auftraege/liste', { Pagesize: 100, Filter: { Status: 'Gezahlt' } }, token)).json,
    )
    expect(paid.Content.length).toBeGreaterThan(0)
    expect(new Set(paid.Content.map((row) => row.Status))).toEqual(new Set(['Gezahlt']))
    const leads = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 100, Filter: { Status: 'Auftrag' } }, token))
        .json,
    )
    expect(new Set(leads.Content.map((row) => row.Status))).toEqual(new Set(['Auftrag']))
    const agent = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 100, Filter: { Agent: 'SV-1002' } }, token))
        .json,
    )
    expect(agent.Content.length).toBeGreaterThan(0)
    expect(new Set(agent.Content.map((row) => row.AgentName))).toEqual(new Set(['Aylin Demir']))
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())
    const monthAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(Date.now() - 30 * 86_400_000),
    )
    const recent = agencyOrderReportSchema.parse(
      (
        await report(
          'demo',
          'auftraege/liste',
          { Pagesize: 100, Filter: { Von: monthAgo, Bis: today } },
          token,
        )
      ).json,
    )
    for (const row of recent.Content) {
      expect(row.Auftragsdatum >= monthAgo && row.Auftragsdatum <= today).toBe(true)
    }
    const unknown = agencyOrderReportSchema.parse(
      (await report('demo', 'auftraege/liste', { Filter: { Status: 'Unbekannt' } }, token)).json,
    )
    expect(unknown).toMatchObject({ Content: [], TotalCount: 0, HasNext: false })
  })

  it('gives a lead’s contact data only once the friend confirmed it by the mailed link', async () => {
    // Whoever fills in the friend's form can tick the advertising consent; only the address's owner
    // can confirm it.
    const { nr } = await sharedRecommendation('agentur-lead', { agentNumber: 'SV-1001' })
    const friend = recipientPerson('agentur-lead', {
      werbeeinwilligung: true,
      werbeeinwilligungText: 'Ja, ich möchte Angebote erhalten.',
    })
    const created = await call(`/api/v1/demo/empfaenger/create/${nr}`, {
      method: 'POST',
      body: friend,
      headers: uniqueClientIp(),
    })
    expect(created.status).toBe(200)
    const { Empfaengernummer } = createdRecipientSchema.parse(created.json)
    const token = await tokenOf('employee')
    const lead = async () =>
      leadReportSchema.parse(
        (await report('demo', 'leads/liste', { Filter: { Suche: Empfaengernummer } }, token)).json,
      ).Content[0]
    expect(await lead()).toMatchObject({
      Status: 'Unbestaetigt',
      Werbeeinwilligung: true,
      Email: null,
      Telefon: null,
    })
    const mail = await waitForMail('demo', friend.email, { subject: /^Bitte bestätigen Sie Ihre Daten/ })
    const confirmed = await call('/api/v1/demo/empfaenger/bestaetigen', {
      method: 'PUT',
      body: { Token: linkFrom(mail, portalPath('demo', 'empfaengerbestaetigung')) },
    })
    expect(confirmed.status).toBe(200)
    expect(await lead()).toMatchObject({ Status: 'Bestaetigt', Email: friend.email, Telefon: friend.telefon })
  })

  it('attributes a recommendation with an agent number to that agent agency, and to no other', async () => {
    const own = await sharedRecommendation('agentur-bericht', { agentNumber: 'SV-1003' })
    const none = await sharedRecommendation('agentur-ohne', { agentNumber: 'XX-0000' })
    const find = async (tenant: string, who: keyof typeof AGENCY_LOGINS, nr: string) =>
      recommendationReportSchema.parse(
        (await report(tenant, 'empfehlungen/liste', { Filter: { Suche: nr } }, await tokenOf(who, tenant)))
          .json,
      ).Content
    expect(await find('demo', 'employee', own.nr)).toEqual([
      expect.objectContaining({
        Empfehlungsnummer: own.nr,
        Agentennummer: 'SV-1003',
        AgentName: 'Marta Nowak',
        EmpfehlerName: 'Jana Landung',
        Status: 'Aktiv',
      }),
    ])
    expect(await find('demo', 'employee', none.nr)).toEqual([])
    // The other tenant's agency never sees it.
    expect(await find('demo-closed', 'otherAgency', own.nr)).toEqual([])
  })

  it('names no one for a recommendation its referrer has not confirmed: anyone can send one for any e-mail', async () => {
    // Someone sends a recommendation with an agent's number and a customer's address, under other names.
    const customer = await registerAccount('demo', { label: 'agentur-fremd' })
    const sent = await recommendWithoutLogin('demo', customer.email, {
      vorname: 'Erfundener',
      nachname: 'Name',
      agentNumber: 'SV-1002',
    })
    expectError(sent, 409, 'OptInRequired')
    const token = await tokenOf('employee')
    const referrers = referrerReportSchema.parse(
      (await report('demo', 'empfehler', { Filter: { Suche: customer.email } }, token)).json,
    )
    expect(referrers).toMatchObject({ Content: [], TotalCount: 0 })
    const unconfirmed = recommendationReportSchema.parse(
      (
        await report(
          'demo',
          'empfehlungen/liste',
          { Pagesize: 100, Filter: { Agent: 'SV-1002', Status: 'Unbestaetigt' } },
          token,
        )
      ).json,
    ).Content
    expect(unconfirmed.length).toBeGreaterThan(0)
    for (const row of unconfirmed) expect(row).toMatchObject({ Status: 'Unbestaetigt', EmpfehlerName: null })
    const csv = await report('demo', 'empfehler/csv', { Filter: { Suche: customer.email } }, token)
    expect(csv.status).toBe(200)
    expect(csv.text).not.toContain(customer.email)
    expect(csv.text).not.toContain('Jest Konto')
  })

  it('refuses a sort key the report does not name, and malformed requests', async () => {
    const token = await tokenOf('owner')
    const refused = await report('demo', 'empfehlungen/liste', { OrderBy: 'Email' }, token)
    expectError(refused, 400, 'UngueltigeEingabe')
    expect(refused.json).toMatchObject({ Fields: [{ Field: 'OrderBy' }] })
    for (const body of [
      { Pagesize: 0 },
      { Pagesize: 101 },
      { Pagenumber: 0 },
      { Descending: 'ja' },
      { Filter: { Von: '01.01.2026' } },
      // Days that do not exist (each reached a date computation or a date column before).
      { Filter: { Von: '2026-13-45' } },
      { Filter: { Von: '2026-02-30' } },
      { Filter: { Bis: '2026-00-10' } },
      { Filter: { Von: '0000-01-01' } },
      { Filter: { Bis: '9999-99-99' } },
      { Filter: { Sonstiges: 1 } },
      { Extra: true },
      [],
    ]) {
      expectError(await report('demo', 'auftraege/liste', body, token), 400, 'UngueltigeEingabe')
    }
    // Every report reads the period by one rule, the statistics too.
    for (const call of [
      'empfehler',
      'empfehlungen/liste',
      'leads/liste',
      'einladungen/liste',
      'praemien/liste',
      'statistik',
    ])
      for (const Filter of [{ Von: '2026-13-45' }, { Bis: '2026-02-30' }])
        expectError(await report('demo', call, { Filter }, token), 400, 'UngueltigeEingabe')
    // Paging ends at 10,000 rows: older ones are found by narrowing the period.
    const deep = await report('demo', 'auftraege/liste', { Pagesize: 100, Pagenumber: 101 }, token)
    expectError(deep, 400, 'UngueltigeEingabe')
  })

  it('refuses callers without an agency token whose role has the view', async () => {
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    const closedOwner = await tokenOf('otherAgency', 'demo-closed')
    for (const name of Object.keys(REPORTS) as Report[]) {
      const path = REPORTS[name].path
      expectError(await report('demo', path, {}), 401, 'PSOF0204')
      expectError(await report('demo', path, {}, 'kein.gueltiges.token'), 401, 'PSOF0204')
      expectError(await report('demo', path, {}, referrer.token), 403, 'NichtAuthorisiert')
      // An agency token of another tenant is no session here.
      expectError(await report('demo', path, {}, closedOwner), 401, 'PSOF0204')
    }
  })

  it('ends with the logout: a token of an ended agency session is refused', async () => {
    const { token } = await agencySignIn('demo', AGENCY_LOGINS.employee)
    expect((await report('demo', 'empfehler', {}, token)).status).toBe(200)
    const ended = await call('/api/v1/demo/agentur/sso', { method: 'DELETE', token })
    expect(ended.status).toBe(200)
    expectError(await report('demo', 'empfehler', {}, token), 401, 'PSOF0204')
    // The logout ended every token of the person, the ones this file holds too.
    delete tokens['demo:employee']
  })
})

describe('agency report CSV', () => {
  it('exports the filtered list with a byte order mark, semicolons and headings in the language', async () => {
    const token = await tokenOf('inactiveOwner')
    const page = agencyOrderReportSchema.parse(
      (await report('demo', 'auftraege/liste', { Pagesize: 100, Filter: { Status: 'Offen' } }, token)).json,
    )
    const csv = await report('demo', 'auftraege/csv', { Filter: { Status: 'Offen' } }, token)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="auftraege-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(csv.headers.get('cache-control')).toBe('private, no-store')
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Auftragsnummer;Auftragsdatum;Produkt;Status;Empfehlungsnummer;Beraternummer;Kunde;Prämie (€);Freigabe',
    )
    expect(lines).toHaveLength(page.TotalCount + 1)
    // As the screen shows the rows: the state's label, the day as TT.MM.JJJJ, the reward in euros.
    const cells = lines.slice(1).map((line) => line.split(';'))
    expect(cells.every((cell) => cell[3] === 'In Bearbeitung')).toBe(true)
    expect(cells.map((cell) => [cell[0], cell[1], cell[7]])).toEqual(
      page.Content.map((row) => [
        row.Auftragsnummer,
        row.Auftragsdatum.split('-').reverse().join('.'),
        row.PraemieWertCent === null ? '' : (row.PraemieWertCent / 100).toFixed(2).replace('.', ','),
      ]),
    )
    const english = await report('demo', 'empfehler/csv', {}, token, 'en')
    const englishLines = english.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(englishLines[0]).toBe('Name;Email address;Recommendations;Leads;Orders;Last recommendation')
    expect(englishLines[1]!.split(';')[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  })

  it('writes moments as the day and time they were in Germany, and states with their labels', async () => {
    const token = await tokenOf('owner')
    const page = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', { Pagesize: 100 }, token)).json,
    )
    const csv = await report('demo', 'empfehlungen/csv', {}, token)
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Empfehlungsnummer;Erstellt am;Produkt;Beraternummer;Berater;Empfehler;Anteil Empfehler (%);Prämie (€);Status',
    )
    const german = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const labels: Record<string, string> = {
      Unbestaetigt: 'Unbestätigt',
      Aktiv: 'Aktiv',
      Abgelaufen: 'Abgelaufen',
      Lead: 'Lead',
      Auftrag: 'Auftrag',
    }
    const shown = page.Content.slice(0, 20)
    expect(
      lines.slice(1, shown.length + 1).map((line) => [line.split(';')[1], line.split(';').at(-1)]),
    ).toEqual(
      shown.map((row) => [german.format(new Date(row.ErstelltAm)).replace(', ', ' '), labels[row.Status]]),
    )
  })

  it.each(['empfehler/csv', 'empfehlungen/csv', 'leads/csv', 'auftraege/csv'])(
    'refuses %s without an agency token',
    async (path) => {
      expectError(await report('demo', path, {}), 401, 'PSOF0204')
    },
  )
})

describe('agency overview (PUT agentur/statistik)', () => {
  it('counts the last six months by default, and the totals agree with the lists', async () => {
    const token = await tokenOf('employee')
    const answer = await report('demo', 'statistik', {}, token)
    expect(answer.status).toBe(200)
    const stats = statisticsSchema.parse(answer.json)
    expect(stats.Monate).toHaveLength(6)
    expect(stats.Von.endsWith('-01')).toBe(true)
    const sum = (key: 'Empfehlungen' | 'Leads' | 'Auftraege' | 'Abgeschlossen') =>
      stats.Monate.reduce((total, month) => total + month[key], 0)
    expect(stats.Summen).toMatchObject({
      Empfehlungen: sum('Empfehlungen'),
      Leads: sum('Leads'),
      Auftraege: sum('Auftraege'),
      Abgeschlossen: sum('Abgeschlossen'),
    })
    expect(stats.Summen.Empfehlungen).toBeGreaterThan(0)
    expect(stats.Summen.Konversion).toBe(
      Math.round((stats.Summen.Auftraege / stats.Summen.Empfehlungen) * 1000) / 10,
    )
    const period = { Filter: { Von: stats.Von, Bis: stats.Bis }, Pagesize: 1 }
    const listed = recommendationReportSchema.parse(
      (await report('demo', 'empfehlungen/liste', period, token)).json,
    )
    expect(listed.TotalCount).toBe(stats.Summen.Empfehlungen)
    const ordersListed = agencyOrderReportSchema.parse(
      (await report('demo', 'auftraege/liste', period, token)).json,
    )
    expect(ordersListed.TotalCount).toBe(stats.Summen.Auftraege)
  })

  it('narrows to one agent and to a chosen period of whole months', async () => {
    const token = await tokenOf('owner')
    const all = statisticsSchema.parse((await report('demo', 'statistik', {}, token)).json)
    const one = statisticsSchema.parse(
      (await report('demo', 'statistik', { Filter: { Agent: 'SV-1001' } }, token)).json,
    )
    expect(one.Summen.Empfehlungen).toBeGreaterThan(0)
    expect(one.Summen.Empfehlungen).toBeLessThan(all.Summen.Empfehlungen)
    const june = statisticsSchema.parse(
      (await report('demo', 'statistik', { Filter: { Von: '2026-06-10', Bis: '2026-08-03' } }, token)).json,
    )
    expect(june).toMatchObject({ Von: '2026-06-01', Bis: '2026-08-31' })
    expect(june.Monate.map((month) => month.Monat)).toEqual(['2026-06', '2026-07', '2026-08'])
  })

  it('refuses a period longer than 24 months or ending before it starts', async () => {
    const token = await tokenOf('inactiveOwner')
    expectError(
      await report('demo', 'statistik', { Filter: { Von: '2023-01-01', Bis: '2026-01-01' } }, token),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await report('demo', 'statistik', { Filter: { Von: '2026-05-01', Bis: '2026-01-01' } }, token),
      400,
      'UngueltigeEingabe',
    )
  })

  it('refuses callers without an agency token', async () => {
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await report('demo', 'statistik', {}), 401, 'PSOF0204')
    expectError(await report('demo', 'statistik', {}, referrer.token), 403, 'NichtAuthorisiert')
  })
})
