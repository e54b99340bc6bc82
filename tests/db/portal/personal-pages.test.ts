import { userSchema } from '@/lib/contracts/account'
import { ownAccountForFile } from '../support/accounts'
import { call, DEMO_CREDENTIALS, login } from '../support/http'
import { sessionCookie } from '../support/principals'
import { BASE_URL } from '../support/test-server'

// The personal area and my data are one page for every logged-in referrer: what is the referrer's own
// the browser reads (the session resource, app/api/dashboard/[tenant]). The production server's edge
// (lib/edge/anonymous-cache.mjs) answers such a page from memory, but only after checking, for that very
// request, that its cookie is a login of the tenant the main API accepts (lib/portal/edge-login-check.ts).

const account = ownAccountForFile('demo')

function get(path: string, cookie?: string) {
  return fetch(`${BASE_URL}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
}

async function loggedIn() {
  const user = userSchema.parse(await login('demo', account))
  return { user, cookie: await sessionCookie('demo', user.token, user) }
}

describe.each(['/demo/persoenlicherbereich', '/demo/meinedaten'])('%s', (path) => {
  it('is answered from the edge to a checked login, with nothing of the referrer in it', async () => {
    const { user, cookie } = await loggedIn()
    expect((await get(path, cookie)).status).toBe(200)
    const kept = await get(path, `theme=x; ${cookie}`)
    expect(kept.status).toBe(200)
    expect(kept.headers.get('x-edge-cache')).toBe('hit')
    expect(kept.headers.get('cache-control')).toMatch(/(?=.*\bprivate\b)(?=.*\bno-store\b)/)
    const html = await kept.text()
    expect(html).not.toContain(user.email)
    expect(html).not.toContain(`${user.vorname} ${user.nachname}`)
  })

  it("is never answered from the edge to another tenant's, an expired, a forged or an ended login", async () => {
    const { user, cookie } = await loggedIn()
    await get(path, cookie)
    const closed = await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])
    const refused = [
      await sessionCookie('demo-closed', closed.token, closed),
      await sessionCookie('demo', user.token, user, Date.now() - 1000),
      'psoe_token=Fe26.2**gefaelscht',
      undefined,
    ]
    for (const other of refused) {
      const answer = await get(path, other)
      expect([other, answer.status, answer.headers.get('x-edge-cache')]).toEqual([other, 307, null])
      expect(answer.headers.get('location')).toContain('/demo/login?redirect=')
    }
    const logout = await call('/api/v1/demo/account/logout', { method: 'POST', token: user.token })
    expect(logout.status).toBe(200)
    const ended = await get(path, cookie)
    expect([ended.status, ended.headers.get('x-edge-cache')]).toEqual([307, null])
  })
})

// server.mjs answers the plain address at the edge (lib/edge/dashboard-edge.mjs); with a query Next's
// route answers it (Next's answers vary by its navigation headers, the edge's do not): the same answers
// either way.
describe.each([
  ['at the edge', '', false],
  ["by Next's route", '?widget', true],
])('the personal area’s own data (GET /api/dashboard/{tenant}) %s', (_where, query, byNext) => {
  it('answers the referrer’s recommendations, awards, balance and banner, never stored', async () => {
    const { cookie } = await loggedIn()
    for (const segment of ['demo', 'demo~en']) {
      const response = await get(`/api/dashboard/${segment}${query}`, cookie)
      expect(response.status).toBe(200)
      expect(/\brsc\b/.test(response.headers.get('vary') ?? '')).toBe(byNext)
      expect(response.headers.get('cache-control')).toMatch(/(?=.*\bprivate\b)(?=.*\bno-store\b)/)
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body).sort()).toEqual(['konto', 'recommendations', 'rewards', 'teZuTp'])
      expect(Array.isArray(body.recommendations)).toBe(true)
      expect(typeof body.teZuTp).toBe('boolean')
    }
  })

  it('answers 404 without a login of the tenant and drops a session the main API ended', async () => {
    const { user, cookie } = await loggedIn()
    expect((await get(`/api/dashboard/demo${query}`)).status).toBe(404)
    expect((await get(`/api/dashboard/demo-closed${query}`, cookie)).status).toBe(404)
    expect((await get(`/api/dashboard/gibt~es~nicht${query}`, cookie)).status).toBe(404)
    await call('/api/v1/demo/account/logout', { method: 'POST', token: user.token })
    const ended = await get(`/api/dashboard/demo${query}`, cookie)
    expect(ended.status).toBe(404)
    const dropped = ended.headers.getSetCookie().join()
    expect(dropped).toMatch(/psoe_token=;/)
    expect(dropped).toMatch(/Max-Age=0/)
    expect(dropped).toMatch(/HttpOnly/)
    expect(dropped).toMatch(/Secure/)
    expect(dropped).toMatch(/Path=\//)
    expect(dropped).toMatch(/SameSite=None/i)
    expect(dropped).toMatch(/Partitioned/)
  })
})
