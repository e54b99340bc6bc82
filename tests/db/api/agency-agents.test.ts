import { randomBytes, randomUUID } from 'node:crypto'
import { agencyAgentSchema, agencyAgentsSchema } from '@/lib/contracts/agency'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'

// Verwaltung (SPEC §6; issue 17): GET and POST agentur/berater, PUT agentur/berater/{id}. Every role of
// the agency manages its sales agents, whose numbers attribute recommendations to it; numbers are unique
// in the tenant; another agency's agents are neither listed nor found.

const AGENTS = '/api/v1/demo/agentur/berater'
const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

const list = async (who: keyof typeof AGENCY_LOGINS = 'owner') =>
  agencyAgentsSchema.parse((await call(AGENTS, { token: await tokenOf(who) })).json).Berater
const add = async (body: unknown, who: keyof typeof AGENCY_LOGINS = 'owner') =>
  call(AGENTS, { method: 'POST', token: await tokenOf(who), body })
const setActive = async (id: string, body: unknown, who: keyof typeof AGENCY_LOGINS = 'owner') =>
  call(`${AGENTS}/${id}`, { method: 'PUT', token: await tokenOf(who), body })

/** A number of its own per run: the database may be shared (DATABASE_URL). */
const added: string[] = []
const newAgent = () => {
  const number = `T-${randomBytes(4).toString('hex').toUpperCase()}`
  added.push(number)
  return { ExterneId: number, Vorname: 'Greta', Nachname: 'Berger', Plz: '10115', Ort: 'Berlin' }
}

afterAll(async () => {
  if (process.env.DATABASE_URL) {
    const { getDb } = await import('@/lib/engine/db')
    const { agents } = await import('@/lib/db/schema')
    const { inArray } = await import('drizzle-orm')
    await (await getDb()).delete(agents).where(inArray(agents.externeId, added))
  }
  await releaseRegisteredAccounts()
})

describe('sales agents (agentur/berater)', () => {
  it('lists the agency’s agents for every role, and only its own', async () => {
    const owner = await list('owner')
    expect(owner.find((a) => a.ExterneId === 'SV-1002')).toMatchObject({
      Vorname: 'Aylin',
      Nachname: 'Demir',
      Plz: '10967',
      Ort: 'Berlin',
      Aktiv: true,
    })
    expect(owner.map((a) => a.ExterneId)).not.toContain('NL-2001')
    expect(await list('employee')).toEqual(owner)
    expect(await list('inactiveOwner')).toEqual(owner)
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await call(AGENTS, { token: referrer.token }), 403, 'NichtAuthorisiert')
    expectError(await call(AGENTS), 401, 'PSOF0204')
    expectError(await call(AGENTS, { token: await tokenOf('otherAgency', 'demo-closed') }), 401, 'PSOF0204')
  })

  it('adds an agent with a number the tenant does not have yet, for any role', async () => {
    const input = newAgent()
    const response = await add({ ...input, Vorname: ' Greta ' }, 'employee')
    expect(response.status).toBe(200)
    const agent = agencyAgentSchema.parse(response.json)
    expect(agent).toMatchObject({ ...input, Aktiv: true })
    expect((await list('owner')).find((a) => a.Id === agent.Id)).toEqual(agent)
    expectError(await add({ ...newAgent(), ExterneId: input.ExterneId }), 409, 'BeraternummerVergeben')
    expectError(await add({ ...newAgent(), ExterneId: 'SV-1001' }), 409, 'BeraternummerVergeben')
  })

  it('refuses malformed input with 400 and stores nothing', async () => {
    const before = await list()
    const good = newAgent()
    for (const body of [
      {},
      { ...good, ExterneId: 'SV 1' },
      { ...good, ExterneId: '' },
      { ...good, Plz: '1011' },
      { ...good, Plz: 'ABCDE' },
      { ...good, Vorname: '' },
      { ...good, Nachname: 'B'.repeat(61) },
      { ...good, Ort: 'Ber\u0000lin' },
      { ...good, Agentur: 'nordlicht' },
    ]) {
      expectError(await add(body), 400, 'UngueltigeEingabe')
    }
    const someone = before[0]!
    expectError(await setActive(someone.Id, {}), 400, 'UngueltigeEingabe')
    expectError(await setActive(someone.Id, { Aktiv: 1 }), 400, 'UngueltigeEingabe')
    expectError(await setActive('kein-schluessel', { Aktiv: false }), 400, 'UngueltigeEingabe')
    expect(await list()).toEqual(before)
  })

  it('deactivates and reactivates an agent, and finds neither an unknown nor another agency’s', async () => {
    const agent = agencyAgentSchema.parse((await add(newAgent())).json)
    const off = await setActive(agent.Id, { Aktiv: false }, 'inactiveOwner')
    expect(agencyAgentSchema.parse(off.json)).toMatchObject({ Id: agent.Id, Aktiv: false })
    const listed = await list()
    expect(listed.findIndex((a) => a.Id === agent.Id)).toBeGreaterThan(listed.findIndex((a) => a.Aktiv))
    const on = await setActive(agent.Id, { Aktiv: true })
    expect(agencyAgentSchema.parse(on.json).Aktiv).toBe(true)

    expectError(await setActive(randomUUID(), { Aktiv: false }), 404, 'NichtGefunden')
    const theirs = agencyAgentsSchema.parse(
      (
        await call('/api/v1/demo-closed/agentur/berater', {
          token: await tokenOf('otherAgency', 'demo-closed'),
        })
      ).json,
    ).Berater
    const hauke = theirs.find((a) => a.ExterneId === 'NL-2001')!
    expectError(await setActive(hauke.Id, { Aktiv: false }), 404, 'NichtGefunden')
  })
})
