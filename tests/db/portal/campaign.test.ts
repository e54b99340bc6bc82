import { BASE_URL } from '../support/test-server'

// Campaign parameters of the address are marketing data (TDDDG §25, SPEC §3 consent): a visit that
// names them writes nothing on the device and nothing on the server until the visitor submits a form
// (tests/e2e/campaign.spec.ts walks it in the browser). Neither the pages nor any call of the portal
// keep the campaign of a visit: no cookie, also not inside the session cookie.

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual', ...init })
  await response.arrayBuffer()
  return response
}

describe('a visit from a campaign link', () => {
  it.each([
    '/demo?channel=herbstmail&pk_campaign=herbst2026',
    '/demo/en?c=flyer&mtm_campaign=winter-2026',
    '/demo/internet?channel=newsletter',
    '/demo/empfehlen/462?channel=newsletter',
  ])('sets no cookie: %s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('has no call that would keep the campaign in the session (the former POST /api/campaign/{tenant})', async () => {
    const response = await get('/api/campaign/demo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ channel: 'herbstmail', kampagne: 'herbst2026' }),
    })
    expect(response.status).toBe(404)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})
