import { registerAccount } from '../support/accounts'
import { call, uniqueClientIp } from '../support/http'
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
})
