import { randomBytes, randomUUID } from 'node:crypto'
import { staffMemberSchema, staffSchema, type StaffMember } from '@/lib/contracts/agency'
import { AGENCY_LOGINS, agencySignIn, codeFromProvider } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'

// Mitarbeiter (SPEC §6; issue 17): GET and POST agentur/mitarbeiter, PUT agentur/mitarbeiter/{id}. Only
// the active owner manages the agency's employees; a deactivated employee cannot sign in and their
// tokens end; an employee's first sign-in enters them.

const STAFF = '/api/v1/demo/agentur/mitarbeiter'
/** Employees of the local provider (lib/engine/tenants/demo/sso.json) this suite alone uses. */
const JAN = 'jan.schulze@sonnenschein-vertrieb.example'
const NELE = 'neu@sonnenschein-vertrieb.example'

const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

const list = async (token?: string) =>
  staffSchema.parse((await call(STAFF, { token: token ?? (await tokenOf('owner')) })).json).Mitarbeiter
const byEmail = async (email: string) => (await list()).find((m) => m.Email === email)
const add = async (body: unknown, token?: string) =>
  call(STAFF, { method: 'POST', token: token ?? (await tokenOf('owner')), body })
const setActive = async (id: string, body: unknown, token?: string) =>
  call(`${STAFF}/${id}`, { method: 'PUT', token: token ?? (await tokenOf('owner')), body })
const signInOf = async (loginName: string) => {
  const { code, verifier } = await codeFromProvider('demo', loginName)
  return call('/api/v1/demo/agentur/sso', { method: 'PUT', body: { Code: code, Verifier: verifier } })
}

/** A number and an address of their own per run: the database may be shared (DATABASE_URL). */
const unique = () => randomBytes(4).toString('hex').toUpperCase()
const newEmployee = () => {
  const id = unique()
  return { Email: `neu-${id.toLowerCase()}@sonnenschein-vertrieb.example`, Mitarbeiternummer: `T-${id}` }
}

afterAll(async () => {
  // Jan stays active for the next run; Nele's entry goes on a shared database, so her first sign-in
  // enters her again next time.
  const jan = await byEmail(JAN)
  if (jan && !jan.Aktiv) await setActive(jan.Id, { Aktiv: true })
  if (process.env.DATABASE_URL) {
    const { getDb } = await import('@/lib/engine/db')
    const { agencyStaff } = await import('@/lib/db/schema')
    const { eq } = await import('drizzle-orm')
    await (await getDb()).delete(agencyStaff).where(eq(agencyStaff.email, NELE))
  }
  await releaseRegisteredAccounts()
})

describe('employees (agentur/mitarbeiter)', () => {
  it('lists the agency’s employees for the owner, active ones first', async () => {
    const staff = await list()
    const mia = staff.find((m) => m.Email === AGENCY_LOGINS.employee)
    expect(mia).toMatchObject({ Name: 'Mia Mitarbeiter', Mitarbeiternummer: 'SV-M-101', Aktiv: true })
    const lea = staff.find((m) => m.Email === 'lea.krueger@sonnenschein-vertrieb.example')
    expect(lea).toMatchObject({ Aktiv: false, DeaktiviertAm: expect.any(String) })
    const firstInactive = staff.findIndex((m) => !m.Aktiv)
    expect(staff.slice(firstInactive).every((m) => !m.Aktiv)).toBe(true)
    // Only this agency's people: the other tenant's agency's employee is not among them.
    expect(staff.map((m) => m.Email)).not.toContain('finja.hansen@nordlicht-vertrieb.example')
  })

  it('is the active owner’s alone: the inactive owner, an employee and a referrer are refused', async () => {
    expectError(await call(STAFF, { token: await tokenOf('inactiveOwner') }), 403, 'NichtAuthorisiert')
    expectError(await call(STAFF, { token: await tokenOf('employee') }), 403, 'NichtAuthorisiert')
    expectError(await add(newEmployee(), await tokenOf('employee')), 403, 'NichtAuthorisiert')
    const someone = (await list())[0]!
    expectError(
      await setActive(someone.Id, { Aktiv: false }, await tokenOf('inactiveOwner')),
      403,
      'NichtAuthorisiert',
    )
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await call(STAFF, { token: referrer.token }), 403, 'NichtAuthorisiert')
    expectError(await call(STAFF), 401, 'PSOF0204')
    // The other tenant's agency owner: her token is not for this tenant.
    expectError(await call(STAFF, { token: await tokenOf('otherAgency', 'demo-closed') }), 401, 'PSOF0204')
  })

  it('adds an employee by e-mail address and number, and refuses a second entry or a taken number', async () => {
    const input = newEmployee()
    const response = await add({ ...input, Email: input.Email.toUpperCase(), Name: '  Greta Neu ' })
    expect(response.status).toBe(200)
    const added = staffMemberSchema.parse(response.json)
    expect(added).toMatchObject({
      Email: input.Email,
      Name: 'Greta Neu',
      Mitarbeiternummer: input.Mitarbeiternummer,
      Aktiv: true,
      AngelegtVon: 'Ines Inhaber',
      BeiAnmeldung: false,
      LetzteAnmeldung: null,
    })
    expect(await byEmail(input.Email)).toEqual(added)

    expectError(await add({ ...input, Mitarbeiternummer: `T-${unique()}` }), 409, 'MitarbeiterVorhanden')
    const other = newEmployee()
    expectError(
      await add({ ...other, Mitarbeiternummer: input.Mitarbeiternummer }),
      409,
      'MitarbeiternummerVergeben',
    )
    // A number of a demo employee is taken as well.
    expectError(await add({ ...other, Mitarbeiternummer: 'SV-M-101' }), 409, 'MitarbeiternummerVergeben')
    expect(await byEmail(other.Email)).toBeUndefined()
  })

  it('refuses malformed input with 400 and stores nothing', async () => {
    const before = await list()
    const good = newEmployee()
    for (const body of [
      {},
      { ...good, Mitarbeiternummer: '' },
      { ...good, Mitarbeiternummer: 'SV 101' },
      { ...good, Mitarbeiternummer: 'x'.repeat(21) },
      { ...good, Mitarbeiternummer: 101 },
      { ...good, Name: 'Greta\u0000Neu' },
      { ...good, Name: 'G'.repeat(101) },
      { ...good, Rolle: 'AgenturInhaber' },
    ]) {
      expectError(await add(body), 400, 'UngueltigeEingabe')
    }
    expectError(await add({ ...good, Email: 'keine-adresse' }), 400, 'EmailUngueltig')
    expect(await list()).toEqual(before)
    const someone = before[0]!
    expectError(await setActive(someone.Id, {}), 400, 'UngueltigeEingabe')
    expectError(await setActive(someone.Id, { Aktiv: 'nein' }), 400, 'UngueltigeEingabe')
    expectError(await setActive('kein-schluessel', { Aktiv: false }), 400, 'UngueltigeEingabe')
    expect(await list()).toEqual(before)
  })

  it('deactivates an employee: their token ends and their sign-in is refused until reactivated', async () => {
    const jan = await agencySignIn('demo', JAN)
    expect((await call('/api/v1/demo/agentur/praemienplan', { token: jan.token })).status).toBe(200)
    const entry = (await byEmail(JAN))!
    expect(entry).toMatchObject({ Name: 'Jan Schulze', Mitarbeiternummer: 'SV-M-102', Aktiv: true })
    expect(entry.LetzteAnmeldung).not.toBeNull()

    const off = await setActive(entry.Id, { Aktiv: false })
    expect(off.status).toBe(200)
    const deactivated = staffMemberSchema.parse(off.json)
    expect(deactivated).toMatchObject({ Aktiv: false, DeaktiviertVon: 'Ines Inhaber' })
    expectError(await call('/api/v1/demo/agentur/praemienplan', { token: jan.token }), 401, 'PSOF0204')
    expectError(await signInOf(JAN), 403, 'AgenturZugangDeaktiviert')
    // Asked again, the first deactivation stands as it was.
    expect(staffMemberSchema.parse((await setActive(entry.Id, { Aktiv: false })).json)).toEqual(deactivated)

    const on = staffMemberSchema.parse((await setActive(entry.Id, { Aktiv: true })).json)
    expect(on).toMatchObject({ Aktiv: true, DeaktiviertAm: null, DeaktiviertVon: '' })
    const again = await agencySignIn('demo', JAN)
    expect((await call('/api/v1/demo/agentur/praemienplan', { token: again.token })).status).toBe(200)
  })

  it('enters an employee at their first sign-in, and the owner gives them a number then', async () => {
    expect(await byEmail(NELE)).toBeUndefined()
    await agencySignIn('demo', NELE)
    const entered = (await byEmail(NELE))!
    expect(entered).toMatchObject({
      Name: 'Nele Neu',
      Mitarbeiternummer: null,
      Aktiv: true,
      BeiAnmeldung: true,
      AngelegtVon: '',
    })
    const number = `T-${unique()}`
    const numbered = staffMemberSchema.parse((await add({ Email: NELE, Mitarbeiternummer: number })).json)
    expect(numbered).toMatchObject({ Id: entered.Id, Mitarbeiternummer: number, Name: 'Nele Neu' })
    expectError(await add({ Email: NELE, Mitarbeiternummer: `T-${unique()}` }), 409, 'MitarbeiterVorhanden')
  })

  it('finds neither an unknown employee nor another agency’s', async () => {
    expectError(await setActive(randomUUID(), { Aktiv: false }), 404, 'NichtGefunden')
    const otherOwner = await tokenOf('otherAgency', 'demo-closed')
    const theirs = staffSchema.parse(
      (await call('/api/v1/demo-closed/agentur/mitarbeiter', { token: otherOwner })).json,
    ).Mitarbeiter
    const finja = theirs.find((m) => m.Email === 'finja.hansen@nordlicht-vertrieb.example')!
    expectError(await setActive(finja.Id, { Aktiv: false }), 404, 'NichtGefunden')
    const still: StaffMember | undefined = staffSchema
      .parse((await call('/api/v1/demo-closed/agentur/mitarbeiter', { token: otherOwner })).json)
      .Mitarbeiter.find((m) => m.Id === finja.Id)
    expect(still?.Aktiv).toBe(true)
  })
})
