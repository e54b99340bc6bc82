import { randomUUID } from 'node:crypto'
import { agentListSchema, agentSearchResultSchema, type AgentSearchResult } from '@/lib/contracts/agent'
import { agencyAgentSchema, agencyOrderReportSchema } from '@/lib/contracts/agency'
import { landingSchema } from '@/lib/contracts/recipient'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, expectError } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation } from '../support/recommendations'
import { confirmedFriend, orderLongAgo } from '../support/rewards'

// Agents a referrer recommends (SPEC §2.2 EmpfehlenAgent, §3 Agent list entry and search result, §7.1
// Produkt/berater?query&page&pagesize with page 1 and size 6 by default, Produkt/agents, the agent photo
// /{partner}/Produkt/{ExterneId}/grafik; issue 18). Only under ModuleAgentRecommendation (demo has it,
// demo-closed not); only active agents; a recommendation with an agent's number shows the agent on
// the friend's landing and its orders belong to the agent's agency.

const SEARCH = '/api/v1/demo/Produkt/berater'

async function search(query: string): Promise<AgentSearchResult> {
  const response = await call(`${SEARCH}${query}`)
  expect(response.status).toBe(200)
  return agentSearchResultSchema.parse(response.json)
}

const tokens: Record<string, string> = {}
async function ownerToken(): Promise<string> {
  tokens.owner ??= (await agencySignIn('demo', AGENCY_LOGINS.owner)).token
  return tokens.owner
}

afterAll(releaseRegisteredAccounts)

describe('GET Produkt/berater', () => {
  it('answers page 1 with 6 active agents by default, with paging figures and photo links', async () => {
    const first = await search('')
    expect(first.Content).toHaveLength(6)
    expect(first.TotalCount).toBeGreaterThanOrEqual(12)
    expect(first.PageCount).toBe(Math.ceil(first.TotalCount / 6))
    expect(first.HasNext).toBe(true)
    const [agent] = first.Content
    expect(Object.keys(agent!).sort()).toEqual([
      'City',
      'ExterneId',
      'FirstName',
      'LastName',
      'Photo',
      'ZipCode',
    ])
    expect(agent!.Photo).toBe(`/api/v1/demo/Produkt/${agent!.ExterneId}/grafik`)
    // Sorted by last name: the pages join up without gaps or repeats.
    const seen: string[] = []
    for (let page = 1; page <= first.PageCount; page++) {
      const result = await search(`?page=${page}`)
      expect(result.HasNext).toBe(page < first.PageCount)
      seen.push(...result.Content.map((a) => a.ExterneId))
    }
    expect(new Set(seen).size).toBe(first.TotalCount)
  })

  it('finds agents by town, postcode, name and number, case aside, and pages through them', async () => {
    const berlin = await search('?query=berlin&pagesize=4')
    expect(berlin.TotalCount).toBeGreaterThanOrEqual(9)
    expect(berlin.Content).toHaveLength(4)
    expect(berlin.Content.every((a) => a.City === 'Berlin')).toBe(true)
    const last = await search(`?query=Berlin&pagesize=4&page=${berlin.PageCount}`)
    expect(last.HasNext).toBe(false)
    expect(last.Content.length).toBe(berlin.TotalCount - 4 * (berlin.PageCount - 1))

    const postcode = await search('?query=120')
    expect(postcode.Content.length).toBeGreaterThan(0)
    expect(postcode.Content.every((a) => a.ZipCode.startsWith('120'))).toBe(true)

    expect((await search('?query=BECKER')).Content.map((a) => a.ExterneId)).toContain('SV-1001')
    expect((await search('?query=jonas%20berlin')).Content.map((a) => a.ExterneId)).toEqual(['SV-1001'])
    expect((await search('?query=SV-1003')).Content.map((a) => a.LastName)).toEqual(['Nowak'])
    // A word of the town: "Frankfurt (Oder)" is found by "oder".
    expect((await search('?query=oder')).Content.map((a) => a.ExterneId)).toContain('SV-1004')
  })

  it('reads LIKE wildcards literally and finds nothing for them', async () => {
    for (const query of ['%', '_', '%25%25', '\\']) {
      const result = await search(`?query=${encodeURIComponent(query)}`)
      expect({ query, result }).toEqual({
        query,
        result: { Content: [], HasNext: false, PageCount: 0, TotalCount: 0 },
      })
    }
  })

  it('answers an empty page past the last one', async () => {
    const result = await search('?page=999')
    expect(result.Content).toEqual([])
    expect(result.HasNext).toBe(false)
    expect(result.TotalCount).toBeGreaterThanOrEqual(12)
  })

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1e3',
    'page=%201',
    'pagesize=0',
    'pagesize=51',
    'pagesize=2.5',
    'query=' + 'a'.repeat(101),
    'query=%0Aa',
  ])('refuses %s with UngueltigeEingabe', async (query) => {
    expectError(await call(`${SEARCH}?${query}`), 400, 'UngueltigeEingabe')
  })

  it('does not exist without ModuleAgentRecommendation', async () => {
    expectError(await call('/api/v1/demo-closed/Produkt/berater'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo-closed/Produkt/agents'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo-closed/Produkt/NL-2001/grafik'), 404, 'NichtGefunden')
  })

  it('refuses a forged token like every public call', async () => {
    expectError(await call(SEARCH, { token: 'e30.e30.forged' }), 401, 'PSOF0204')
  })
})

describe('GET Produkt/agents and the agent photo', () => {
  it('lists every active agent by name', async () => {
    const response = await call('/api/v1/demo/Produkt/agents')
    expect(response.status).toBe(200)
    const agents = agentListSchema.parse(response.json)
    // The search's order: every search page in turn gives the same list.
    const { PageCount } = await search('?pagesize=50')
    const paged: string[] = []
    for (let page = 1; page <= PageCount; page++)
      paged.push(...(await search(`?pagesize=50&page=${page}`)).Content.map((a) => a.ExterneId))
    expect(agents.map((a) => a.ExterneId)).toEqual(paged)
  })

  it('draws each agent a portrait: an SVG named after the agent, the same every time', async () => {
    const photo = await call('/api/v1/demo/Produkt/SV-1001/grafik')
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff')
    expect(photo.text).toMatch(/^<svg [^>]*width="240" height="240"/)
    expect(photo.text).toContain('<title>Jonas Becker</title>')
    expect((await call('/api/v1/demo/Produkt/SV-1001/grafik')).text).toBe(photo.text)
    expect((await call('/api/v1/demo/Produkt/SV-1002/grafik')).text).not.toBe(photo.text)
    expectError(await call('/api/v1/demo/Produkt/XX-9999/grafik'), 404, 'NichtGefunden')
    // Another tenant's agent is not found here.
    expectError(await call('/api/v1/demo/Produkt/NL-2001/grafik'), 404, 'NichtGefunden')
  })

  it('drops a deactivated agent from search, list, photo and landing, and takes them back', async () => {
    const token = await ownerToken()
    const number = `T${randomUUID().slice(0, 8).toUpperCase()}`
    const added = await call('/api/v1/demo/agentur/berater', {
      method: 'POST',
      token,
      body: { ExterneId: number, Vorname: 'Wiebke', Nachname: 'Testberaterin', Plz: '99084', Ort: 'Erfurt' },
    })
    expect(added.status).toBe(200)
    const { Id } = agencyAgentSchema.parse(added.json)
    const found = async () => (await search(`?query=${number}`)).Content.map((a) => a.ExterneId)
    expect(await found()).toEqual([number])
    const shared = await sharedRecommendation('berater-landing', { agentNumber: number })
    const landing = async () => landingSchema.parse((await call(`/api/v1/demo/empfehlung/${shared.nr}`)).json)
    expect((await landing()).Berater).toMatchObject({
      ExterneId: number,
      FirstName: 'Wiebke',
      City: 'Erfurt',
    })

    const setActive = (Aktiv: boolean) =>
      call(`/api/v1/demo/agentur/berater/${Id}`, { method: 'PUT', token, body: { Aktiv } })
    expect((await setActive(false)).status).toBe(200)
    expect(await found()).toEqual([])
    const list = agentListSchema.parse((await call('/api/v1/demo/Produkt/agents')).json)
    expect(list.map((a) => a.ExterneId)).not.toContain(number)
    expectError(await call(`/api/v1/demo/Produkt/${number}/grafik`), 404, 'NichtGefunden')
    expect((await landing()).Berater).toBeNull()
    expect((await setActive(true)).status).toBe(200)
    expect(await found()).toEqual([number])
  })
})

describe('a recommendation of an agent', () => {
  it("shows the agent on the friend's landing and gives its orders to the agent's agency", async () => {
    const [agent] = (await search('?query=12045')).Content
    expect(agent).toMatchObject({ ExterneId: 'SV-1001', FirstName: 'Jonas', LastName: 'Becker' })
    const shared = await sharedRecommendation('berater-empfehlung', { agentNumber: agent!.ExterneId })
    const landing = landingSchema.parse((await call(`/api/v1/demo/empfehlung/${shared.nr}`)).json)
    expect(landing.Berater).toEqual(agent)
    // Without an agent number the landing names no agent.
    const plain = await sharedRecommendation('ohne-berater')
    expect(landingSchema.parse((await call(`/api/v1/demo/empfehlung/${plain.nr}`)).json).Berater).toBeNull()

    const friend = await confirmedFriend(shared)
    const order = await orderLongAgo(shared, friend)
    const report = await call('/api/v1/demo/agentur/auftraege/liste', {
      method: 'PUT',
      token: await ownerToken(),
      body: { Pagesize: 100, Filter: { Agent: 'SV-1001' } },
    })
    expect(report.status).toBe(200)
    expect(agencyOrderReportSchema.parse(report.json).Content).toContainEqual(
      expect.objectContaining({
        Auftragsnummer: order,
        Agentennummer: 'SV-1001',
        Empfehlungsnummer: shared.nr,
      }),
    )
    // The other tenant's agency does not see it.
    const other = await call('/api/v1/demo-closed/agentur/auftraege/liste', {
      method: 'PUT',
      token: (await agencySignIn('demo-closed', AGENCY_LOGINS.otherAgency)).token,
      body: { Pagesize: 100, Filter: { Suche: order } },
    })
    expect(agencyOrderReportSchema.parse(other.json).Content).toEqual([])
  })
})
