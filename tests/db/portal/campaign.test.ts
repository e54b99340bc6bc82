import { BASE_URL } from '../support/test-server'

// POST /api/campaign/{tenant}: the browser reports the campaign of the address; it joins the visit's
// encrypted session (the essential cookie), and no cookie of its own is set.

function report(
  tenant: string,
  body: unknown,
  headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' },
) {
  return fetch(`${BASE_URL}/api/campaign/${tenant}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('POST /api/campaign/{tenant}', () => {
  it('keeps a valid campaign in the session cookie only', async () => {
    const response = await report('demo', { channel: 'newsletter', kampagne: 'herbst-2026' })
    expect(response.status).toBe(204)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const cookies = response.headers.getSetCookie()
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^psoe_token=/)
    expect(cookies[0]).toMatch(/HttpOnly/i)
    expect(cookies[0]).not.toContain('newsletter')
  })

  it('refuses calls without X-Requested-With, unknown tenants, and values that are not campaign words', async () => {
    expect((await report('demo', { channel: 'newsletter' }, {})).status).toBe(400)
    expect((await report('api', { channel: 'newsletter' })).status).toBe(400)
    expect((await report('demo', { channel: '<script>' })).status).toBe(400)
    expect((await report('demo', {})).status).toBe(400)
    expect((await report('demo', 'kaputt')).status).toBe(400)
    const refused = await report('demo', { channel: 'x'.repeat(41) })
    expect(refused.status).toBe(400)
    expect(refused.headers.getSetCookie()).toEqual([])
  })
})
