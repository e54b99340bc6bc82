import { expect, test } from '@playwright/test'
import { DEMO, DEMO_CLOSED, TEXT, exactUrl, logIn, loginRedirectUrl, openPage } from './support'

// QUALITY §Security 1: the proxy only redirects early; the screens check the session themselves.
// CVE-2025-29927 skipped middleware with this header; here it must change nothing.
const SUBREQUEST = { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }
const GREETING = `Willkommen, ${DEMO.user.fullName}`

test('x-middleware-subrequest without a cookie still ends at login (HTTP)', async ({ request }) => {
  const first = await request.get('/demo/persoenlicherbereich', { headers: SUBREQUEST, maxRedirects: 0 })
  expect(first.status()).toBe(307)
  expect(first.headers()['location']).toMatch(/^\/demo\/login\?redirect=/)

  const followed = await request.get('/demo/persoenlicherbereich', { headers: SUBREQUEST })
  expect(new URL(followed.url()).pathname).toBe('/demo/login')
  const html = await followed.text()
  expect(html).toContain(TEXT.de.redirectNotice)
  expect(html).not.toContain(GREETING)
})

test('x-middleware-subrequest without a cookie still ends at login (browser)', async ({ page }) => {
  await page.setExtraHTTPHeaders(SUBREQUEST)
  await page.goto('/demo/persoenlicherbereich')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/persoenlicherbereich', params: {} }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page.getByText(/Willkommen/)).toHaveCount(0)
})

// A forged cookie passes the proxy's cheap "is there a cookie" check; the page itself refuses it.
const VARIANTS = [
  '/demo/persoenlicherbereich',
  '/demo/en/persoenlicherbereich',
  '/demo/de/persoenlicherbereich',
  '/demo/persoenlicherbereich/',
  '/demo/%70ersoenlicherbereich',
  '/demo/PERSOENLICHERBEREICH',
  '/demo/logout',
]

for (const path of VARIANTS) {
  test(`${path} with the subrequest header and a forged cookie never shows the personal area`, async ({
    request,
  }) => {
    const response = await request.get(path, {
      headers: { ...SUBREQUEST, cookie: 'psoe_token=forged-session-value' },
    })
    const landed = new URL(response.url()).pathname
    expect(['/demo/login', '/demo/en/login', '/demo/404']).toContain(landed)
    const html = await response.text()
    expect(html).not.toContain(GREETING)
    expect(html).not.toContain(`Welcome, ${DEMO.user.fullName}`)
  })
}

test('an RSC request for the personal area without a cookie reveals nothing', async ({ request }) => {
  const response = await request.get('/demo/persoenlicherbereich', { headers: { ...SUBREQUEST, rsc: '1' } })
  expect(await response.text()).not.toContain(GREETING)
})

test('a login on demo-closed does not count on demo (QUALITY §Security 2)', async ({ page }) => {
  await logIn(page, DEMO_CLOSED)
  const state = (await (await page.request.get('/api/session/demo')).json()) as { loggedIn: boolean }
  expect(state.loggedIn).toBe(false)
  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/persoenlicherbereich', params: {} }))
  await expect(page.getByText(/Willkommen/)).toHaveCount(0)
  // The demo-closed login itself is untouched.
  await openPage(page, '/demo-closed/persoenlicherbereich')
  await expect(page).toHaveURL(exactUrl('/demo-closed/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO_CLOSED.user.fullName}`)
})
