import { randomBytes } from 'node:crypto'
import { agencyUserSchema } from '@/lib/contracts/agency'
import { DEMO_REFERRERS } from '@/lib/engine/tenants/demo-tenants'
import { AGENCY_LOGINS, agencySignIn, codeFromProvider } from '../support/agency-sso'
import { call, claimsOf, expectError, login } from '../support/http'
import { issueToken } from '@/lib/engine/auth/token'

// SPEC §6, §7.1 PUT agentur/sso, GET token/verifyAgenturToken, GET agentur/stammdaten (issue 17): the
// single sign-on against the local OpenID provider, the agency token, and who may read what.

const sso = (tenant: string, body: unknown, locale?: string) =>
  call(`/api/v1/${tenant}/agentur/sso`, { method: 'PUT', body, locale })
const verify = (tenant: string, t: string) =>
  call(`/api/v1/${tenant}/token/verifyAgenturToken?t=${encodeURIComponent(t)}`)
const masterData = (tenant: string, token?: string) => call(`/api/v1/${tenant}/agentur/stammdaten`, { token })

describe('agency single sign-on (PUT agentur/sso)', () => {
  it.each([
    ['owner', 'AgenturInhaber', 10],
    ['inactiveOwner', 'AgenturInhaber_inaktiv', 8],
    ['employee', 'AgenturMitarbeiter', 8],
  ] as const)(
    'signs the %s in with the role of the provider and the views of SPEC §6',
    async (who, role, views) => {
      const user = agencyUserSchema.parse(await agencySignIn('demo', AGENCY_LOGINS[who]))
      expect(user.roles).toEqual([role])
      expect(user.views).toHaveLength(views)
      expect(user.agentur).toEqual({ key: 'sonnenschein', name: 'Sonnenschein Vertrieb GmbH' })
      expect(user.email).toBe(AGENCY_LOGINS[who])
      const claims = claimsOf(user.token)
      expect(claims).toMatchObject({ ten: 'demo', role: 'agency' })
      // Eight hours, like a referrer's token.
      expect(claims.exp - claims.iat).toBe(8 * 60 * 60)
    },
  )

  it('refuses a person without an agency role', async () => {
    const { code, verifier } = await codeFromProvider('demo', AGENCY_LOGINS.noRole)
    expectError(await sso('demo', { Code: code, Verifier: verifier }), 403, 'AgenturKeineRolle')
  })

  it("refuses a person whose agency does not take part in this tenant's programme, in English too", async () => {
    const { code, verifier } = await codeFromProvider('demo', AGENCY_LOGINS.otherAgency)
    expectError(await sso('demo', { Code: code, Verifier: verifier }, 'en'), 403, 'AgenturUnbekannt', 'en')
  })

  it('signs the other agency in on its own tenant, where it sees only its own data', async () => {
    const user = await agencySignIn('demo-closed', AGENCY_LOGINS.otherAgency)
    expect(user.agentur.name).toBe('Nordlicht Vertrieb KG')
    const data = await masterData('demo-closed', user.token)
    expect(data.status).toBe(200)
    expect(data.json).toMatchObject({ Name: 'Nordlicht Vertrieb KG', IbanMaskiert: '•••• 4711' })
  })

  it('refuses a wrong verifier', async () => {
    const { code } = await codeFromProvider('demo', AGENCY_LOGINS.owner)
    const wrong = randomBytes(32).toString('base64url')
    expectError(await sso('demo', { Code: code, Verifier: wrong }), 401, 'AgenturAnmeldungFehlgeschlagen')
  })

  it('refuses a code used a second time', async () => {
    const { code, verifier } = await codeFromProvider('demo', AGENCY_LOGINS.employee)
    expect((await sso('demo', { Code: code, Verifier: verifier })).status).toBe(200)
    expectError(await sso('demo', { Code: code, Verifier: verifier }), 401, 'AgenturAnmeldungFehlgeschlagen')
  })

  it('refuses an ID token made for another sign-on (a nonce that is not the verifier’s)', async () => {
    const { code, verifier } = await codeFromProvider('demo', AGENCY_LOGINS.owner, { nonce: 'fremd' })
    expectError(await sso('demo', { Code: code, Verifier: verifier }), 401, 'AgenturAnmeldungFehlgeschlagen')
  })

  it("refuses another tenant's code (issued for another return address)", async () => {
    const { code, verifier } = await codeFromProvider('demo-closed', AGENCY_LOGINS.otherAgency)
    expectError(await sso('demo', { Code: code, Verifier: verifier }), 401, 'AgenturAnmeldungFehlgeschlagen')
  })

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no verifier', { Code: 'abc' }],
    ['a verifier too short for PKCE', { Code: 'abc', Verifier: 'kurz' }],
    ['a verifier with characters PKCE does not allow', { Code: 'abc', Verifier: `${'a'.repeat(43)}+` }],
    ['a code with spaces', { Code: 'a b', Verifier: 'a'.repeat(43) }],
    ['numbers', { Code: 1, Verifier: 2 }],
  ])('answers malformed input (%s) with 400', async (_label, body) => {
    const answer = await sso('demo', body)
    expect(answer.status).toBe(400)
    expect((answer.json as { Code: string }).Code).toBe('UngueltigeEingabe')
  })

  it('refuses a write without X-Requested-With', async () => {
    const answer = await call('/api/v1/demo/agentur/sso', {
      method: 'PUT',
      body: { Code: 'abc', Verifier: 'a'.repeat(43) },
      withoutRequestedWith: true,
    })
    expectError(answer, 400, 'AnfrageUnvollstaendig')
  })
})

describe('the agency token (GET token/verifyAgenturToken, GET agentur/stammdaten, DELETE agentur/sso)', () => {
  it('verifies a live token and answers for whom', async () => {
    const user = await agencySignIn('demo', AGENCY_LOGINS.inactiveOwner)
    const answer = await verify('demo', user.token)
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      roles: ['AgenturInhaber_inaktiv'],
      views: user.views,
      name: 'Rainer Ruhend',
      email: AGENCY_LOGINS.inactiveOwner,
      agentur: user.agentur,
      exp: claimsOf(user.token).exp,
    })
  })

  it('shows the master data to each role, with the payout account masked', async () => {
    for (const who of ['owner', 'inactiveOwner', 'employee'] as const) {
      const { token } = await agencySignIn('demo', AGENCY_LOGINS[who])
      const answer = await masterData('demo', token)
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual({
        Name: 'Sonnenschein Vertrieb GmbH',
        Strasse: 'Sonnenallee 112',
        Plz: '12045',
        Ort: 'Berlin',
        Email: 'kontakt@sonnenschein-vertrieb.example',
        Telefon: '030 1234567',
        IbanMaskiert: '•••• 3000',
      })
    }
  })

  it("refuses another tenant's agency token, a referrer's token, a forged and an expired one", async () => {
    const other = await agencySignIn('demo-closed', AGENCY_LOGINS.otherAgency)
    const referrer = await login('demo', DEMO_REFERRERS.demo!)
    const { sub, sv } = claimsOf((await agencySignIn('demo', AGENCY_LOGINS.owner)).token)
    const genuine = issueToken({ ten: 'demo', sub, role: 'agency', sv })
    const forged = `${genuine.slice(0, -4)}${genuine.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    const expired = issueToken({ ten: 'demo', sub, role: 'agency', sv }, { lifetimeSeconds: -60 })
    for (const token of [other.token, forged, expired, 'kein.token.hier']) {
      expectError(await verify('demo', token), 401, 'PSOF0204')
      expectError(await masterData('demo', token), 401, 'PSOF0204')
    }
    expectError(await verify('demo', referrer.token), 401, 'PSOF0204')
    expectError(await masterData('demo', referrer.token), 403, 'NichtAuthorisiert')
    expectError(await masterData('demo'), 401, 'PSOF0204')
  })

  it('ends every token of the person on logout', async () => {
    const first = await agencySignIn('demo', AGENCY_LOGINS.employee)
    const second = await agencySignIn('demo', AGENCY_LOGINS.employee)
    const out = await call('/api/v1/demo/agentur/sso', { method: 'DELETE', token: second.token })
    expect(out.status).toBe(200)
    for (const token of [first.token, second.token]) {
      expectError(await verify('demo', token), 401, 'PSOF0204')
      expectError(await masterData('demo', token), 401, 'PSOF0204')
    }
    // A new sign-on works again.
    expect((await verify('demo', (await agencySignIn('demo', AGENCY_LOGINS.employee)).token)).status).toBe(
      200,
    )
  })
})
