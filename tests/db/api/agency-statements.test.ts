import { PDFDocument } from 'pdf-lib'
import { produktSchema } from '@/lib/contracts/catalog'
import { statementSchema, statementsSchema } from '@/lib/contracts/agency'
import { commissionCent } from '@/lib/engine/agency/statements/commission'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { BASE_URL } from '../support/test-server'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation } from '../support/recommendations'
import { confirmedFriend, orderLongAgo } from '../support/rewards'

// Rechnungen (SPEC §3 Product Provision, §6; issue 17): GET agentur/abrechnungen, …/{Monat}, …/{Monat}/pdf
// and …/{Monat}/csv — per month the agency's released orders with the commission of the ordered
// product, as JSON, PDF and CSV, for the owners (active and inactive) only.

const BASE = '/api/v1/demo/agentur/abrechnungen'
// The month as the engine counts it: in German time (a statement's month turns at midnight in Berlin).
const thisMonth = () => germanToday().slice(0, 7)
const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

async function bytes(path: string, token: string) {
  const response = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  return { response, body: new Uint8Array(await response.arrayBuffer()) }
}

afterAll(releaseRegisteredAccounts)

describe('commission statements (agentur/abrechnungen)', () => {
  let released: { nummer: string; nr: string; commission: number }

  beforeAll(async () => {
    // An order through agent SV-1003 released now: it belongs to this month's statement.
    const shared = await sharedRecommendation('abrechnung', {
      agentNumber: 'SV-1003',
      produkt: 462,
      anteil: 100,
    })
    const nummer = await orderLongAgo(shared, await confirmedFriend(shared))
    const release = await call(`/api/v1/demo/agentur/auftragfreigeben/${nummer}/${shared.nr}`, {
      method: 'PUT',
      token: await tokenOf('owner'),
    })
    expect(release.status).toBe(200)
    const product = produktSchema.parse((await call('/api/v1/demo/produkt/462')).json)
    released = {
      nummer,
      nr: shared.nr,
      commission: commissionCent(product.Art === 'festnetz' ? product.Provision : null),
    }
    expect(released.commission).toBeGreaterThan(0)
  })

  it('lists twelve months, newest first, the current one running, with the same totals as each statement', async () => {
    const list = statementsSchema.parse((await call(BASE, { token: await tokenOf('inactiveOwner') })).json)
    expect(list.Monate).toHaveLength(12)
    expect(list.Monate[0]).toMatchObject({ Monat: thisMonth(), Laufend: true })
    expect(list.Monate.slice(1).every((m) => !m.Laufend)).toBe(true)
    expect(list.Monate.map((m) => m.Monat)).toEqual([...list.Monate.map((m) => m.Monat)].sort().reverse())
    // The demo agency's history: earlier months with released orders.
    expect(list.Monate.slice(1).some((m) => m.Auftraege > 0 && m.SummeCent > 0)).toBe(true)
    for (const month of list.Monate.filter((m) => m.Auftraege > 0).slice(0, 3)) {
      const statement = statementSchema.parse(
        (await call(`${BASE}/${month.Monat}`, { token: await tokenOf('owner') })).json,
      )
      expect(statement.Positionen).toHaveLength(month.Auftraege)
      expect(statement.SummeCent).toBe(month.SummeCent)
      expect(statement.SummeCent).toBe(
        statement.Positionen.reduce((sum, line) => sum + line.ProvisionCent, 0),
      )
    }
  })

  it("shows a released order in its month with its product's commission", async () => {
    const statement = statementSchema.parse(
      (await call(`${BASE}/${thisMonth()}`, { token: await tokenOf('owner') })).json,
    )
    expect(statement).toMatchObject({
      Monat: thisMonth(),
      Laufend: true,
      Agentur: { Name: 'Sonnenschein Vertrieb GmbH' },
    })
    expect(statement.Positionen.find((line) => line.Auftragsnummer === released.nummer)).toMatchObject({
      Empfehlungsnummer: released.nr,
      ProvisionCent: released.commission,
      FreigegebenAm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
  })

  it('answers the statement as a PDF and as a CSV whose total matches', async () => {
    const token = await tokenOf('owner')
    const statement = statementSchema.parse((await call(`${BASE}/${thisMonth()}`, { token })).json)

    const pdf = await bytes(`${BASE}/${thisMonth()}/pdf`, token)
    expect(pdf.response.status).toBe(200)
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.response.headers.get('content-disposition')).toBe(
      `attachment; filename="provisionsabrechnung-${thisMonth()}.pdf"`,
    )
    expect(new TextDecoder().decode(pdf.body.slice(0, 5))).toBe('%PDF-')
    const document = await PDFDocument.load(pdf.body)
    expect(document.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(document.getTitle()).toMatch(/^Provisionsabrechnung /)

    const csv = await bytes(`${BASE}/${thisMonth()}/csv`, token)
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.body)
    expect(
      text.startsWith(
        '\uFEFFAuftragsnummer;Empfehlungsnummer;Produkt;Auftragsdatum;Freigegeben am;Provision',
      ),
    ).toBe(true)
    const lines = text.trim().split('\r\n')
    expect(lines).toHaveLength(statement.Positionen.length + 2)
    expect(lines.find((line) => line.startsWith(`${released.nummer};`))).toContain(
      (released.commission / 100).toFixed(2).replace('.', ','),
    )
    // Days as TT.MM.JJJJ, like the report exports.
    const position = statement.Positionen.find((line) => line.Auftragsnummer === released.nummer)!
    expect(lines.find((line) => line.startsWith(`${released.nummer};`))).toContain(
      `;${position.FreigegebenAm.split('-').reverse().join('.')};`,
    )
    expect(lines.at(-1)).toBe(`Summe;;;;;${(statement.SummeCent / 100).toFixed(2).replace('.', ',')}`)
  })

  it('has no statement for a month to come, and refuses a malformed month', async () => {
    const token = await tokenOf('owner')
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1))
    expectError(await call(`${BASE}/${next.toISOString().slice(0, 7)}`, { token }), 404, 'NichtGefunden')
    expectError(await call(`${BASE}/2026-13`, { token }), 400, 'UngueltigeEingabe')
    expectError(await call(`${BASE}/2026-10/docx`, { token }), 404, 'NichtGefunden')
  })

  it.each(['', '/2026-10', '/2026-10/pdf', '/2026-10/csv'])(
    'refuses %s to employees, referrers, other tenants and callers without a token',
    async (path) => {
      expectError(
        await call(`${BASE}${path}`, { token: await tokenOf('employee') }),
        403,
        'NichtAuthorisiert',
      )
      const referrer = await login('demo', DEMO_CREDENTIALS.demo)
      expectError(await call(`${BASE}${path}`, { token: referrer.token }), 403, 'NichtAuthorisiert')
      expectError(
        await call(`${BASE}${path}`, { token: await tokenOf('otherAgency', 'demo-closed') }),
        401,
        'PSOF0204',
      )
      expectError(await call(`${BASE}${path}`), 401, 'PSOF0204')
    },
  )
})
