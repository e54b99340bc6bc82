import { mayEdit, mayUse, type AgencyRole } from '@/lib/shared/agency/roles'
import { issueToken } from '@/lib/engine/auth/token'
import type { HandlerMeta } from '@/lib/engine/http/api-handler'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { registerAccount } from '../support/accounts'
import { call, claimsOf, uniqueClientIp } from '../support/http'
import { PRINCIPALS } from '../support/principals'
import {
  paramOf,
  fillPath,
  API_FILES,
  OUTSIDE_WRAPPER,
  API_PARAMS,
  API_INPUTS,
  SESSION_ENDING,
  refused,
  expectedOf,
  verdict,
  describeExpected,
  inBatches,
  cast,
  discovered,
} from '../support/authorization-fixtures'

describe('the authorization matrix of the main API', () => {
  it('knows every handler, path parameter and table entry', async () => {
    const { calls, unknown } = discovered
    expect(unknown).toEqual([])
    expect(calls.filter((c) => c.meta !== 'methodNotAllowed').length).toBeGreaterThan(90)
    const params = new Set(API_FILES.flatMap((r) => r.segments.map(paramOf).filter((p) => p !== null)))
    expect([...params].filter((p) => !(p in API_PARAMS))).toEqual([])
    expect(Object.keys(API_PARAMS).filter((p) => !params.has(p))).toEqual([])
    const labels = new Set(calls.filter((c) => c.meta !== 'methodNotAllowed').map((c) => c.label))
    const tables = [...Object.keys(OUTSIDE_WRAPPER), ...Object.keys(API_INPUTS), ...SESSION_ENDING]
    expect(tables.filter((label) => !labels.has(label))).toEqual([])
  })

  it('answers every principal as each handler declared', async () => {
    const { calls } = discovered
    // A's own throw-away stand-ins for the calls that end a session.
    const standIns = new Map<string, string>()
    await Promise.all(
      [...SESSION_ENDING].map(async (label) => {
        standIns.set(label, (await registerAccount('demo', { label: 'matrix-ersatz' })).user.token)
      }),
    )
    // A method a path does not offer is the one function methodNotAllowed, which reads nothing of the
    // request (known by identity above): per path, one such method asked by one caller shows the answer.
    const unoffered = new Set<string>()
    const cells = calls.flatMap((c) => {
      if (c.meta !== 'methodNotAllowed') return PRINCIPALS.map((principal) => ({ c, principal }))
      if (unoffered.has(c.route.key)) return []
      unoffered.add(c.route.key)
      return [{ c, principal: 'anonymous' as const }]
    })
    const failures: string[] = []
    let batchLabels: string[] = []
    await inBatches(
      cells,
      async ({ c, principal }) => {
        const expected =
          c.meta === 'methodNotAllowed'
            ? refused('MethodeNichtErlaubt')
            : c.meta === 'anyone'
              ? 'allowed'
              : expectedOf(c.meta, principal)
        const input = API_INPUTS[c.label]?.(cast) ?? {}
        const query = input.query ? `?${new URLSearchParams(input.query)}` : ''
        const token =
          principal === 'referrer' && standIns.has(c.label) ? standIns.get(c.label) : cast.bearer[principal]
        if (typeof c.meta === 'object' && (c.method !== 'GET' || c.meta.sendsMail)) batchLabels.push(c.label)
        const response = await call(
          `${fillPath('/api/v1', c.route, (p) => API_PARAMS[p]!(cast, c.route.key))}${query}`,
          {
            method: c.method,
            token,
            headers: uniqueClientIp(),
            body: input.body ?? (c.method === 'GET' ? undefined : {}),
          },
        )
        const wrong = verdict(expected, response)
        if (wrong)
          failures.push(`${c.label} as ${principal}: expected ${describeExpected(expected)}, got ${wrong}`)
      },
      async () => {
        // The live principals' sessions stand after every batch that changed something (no call ended
        // one by the way).
        if (batchLabels.length === 0) return
        const checks = await Promise.all([
          call('/api/v1/demo/account/user', { token: cast.bearer.referrer }),
          call('/api/v1/demo/empfaenger/auftrag', { token: cast.bearer.recipient }),
          call('/api/v1/demo/praemierung', { token: cast.bearer.rewardLink }),
        ])
        if (checks.some((r) => r.status !== 200)) {
          throw new Error(
            `A live principal was ended (${checks.map((r) => r.status).join('/')}) by one of: ${[
              ...new Set(batchLabels),
            ].join(', ')}`,
          )
        }
        batchLabels = []
      },
    )
    expect(failures).toEqual([])
  }, 240_000)

  it('answers every agency principal on every agency call as its view and role say (SPEC §6)', async () => {
    const agencyCalls = discovered.calls.filter((c): c is typeof c & { meta: HandlerMeta } =>
      typeof c.meta === 'object' && c.meta.auth !== 'public' && Array.isArray(c.meta.auth)
        ? c.meta.auth.includes('agency')
        : false,
    )
    expect(agencyCalls.length).toBeGreaterThan(25)
    const roles: Record<AgencyRole, keyof typeof AGENCY_LOGINS> = {
      AgenturInhaber: 'owner',
      AgenturInhaber_inaktiv: 'inactiveOwner',
      AgenturMitarbeiter: 'employee',
    }
    const signIn = async (role: AgencyRole) => (await agencySignIn('demo', AGENCY_LOGINS[roles[role]])).token
    // A logged-out token first: logging out ends every token of the person issued until then.
    const ended = await signIn('AgenturMitarbeiter')
    expect((await call('/api/v1/demo/agentur/sso', { method: 'DELETE', token: ended })).status).toBe(200)
    const live = Object.fromEntries(
      await Promise.all(Object.keys(roles).map(async (role) => [role, await signIn(role as AgencyRole)])),
    ) as Record<AgencyRole, string>
    const { sub, sv } = claimsOf(live.AgenturInhaber)
    const genuine = issueToken({ ten: 'demo', sub, role: 'agency', sv })
    const refusedTokens = {
      otherTenantAgency: (await agencySignIn('demo-closed', AGENCY_LOGINS.otherAgency)).token,
      expired: issueToken({ ten: 'demo', sub, role: 'agency', sv }, { lifetimeSeconds: -60 }),
      forged: `${genuine.slice(0, -4)}${genuine.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      loggedOut: ended,
    }
    const failures: string[] = []
    const ask = async (c: (typeof agencyCalls)[number], token: string) => {
      const input = API_INPUTS[c.label]?.(cast) ?? {}
      const query = input.query ? `?${new URLSearchParams(input.query)}` : ''
      return call(`${fillPath('/api/v1', c.route, (p) => API_PARAMS[p]!(cast, c.route.key))}${query}`, {
        method: c.method,
        token,
        headers: uniqueClientIp(),
        body: input.body ?? (c.method === 'GET' ? undefined : {}),
      })
    }
    // Logging out (DELETE agentur/sso) ends the person's live tokens too: asked last, with sign-ins of its own.
    const endsSession = (c: (typeof agencyCalls)[number]) =>
      c.method === 'DELETE' && c.route.key.endsWith('agentur/sso')
    agencyCalls.sort((x, y) => Number(endsSession(x)) - Number(endsSession(y)))
    for (const c of agencyCalls) {
      const ends = endsSession(c)
      for (const role of Object.keys(roles) as AgencyRole[]) {
        const view = c.meta.agencyView
        const may = !view || (c.meta.agencyEdit ? mayEdit(role, view) : mayUse(role, view))
        const expected = may ? 'allowed' : refused('NichtAuthorisiert')
        const response = await ask(c, ends ? await signIn(role) : live[role])
        const wrong = verdict(expected, response)
        if (wrong)
          failures.push(`${c.label} as ${role}: expected ${describeExpected(expected)}, got ${wrong}`)
      }
      for (const [name, token] of Object.entries(refusedTokens)) {
        const wrong = verdict(refused('PSOF0204'), await ask(c, token))
        if (wrong) failures.push(`${c.label} with ${name}: expected 401 PSOF0204, got ${wrong}`)
      }
    }
    expect(failures).toEqual([])
  }, 240_000)
})
