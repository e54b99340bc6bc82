import { expect, test, type Page } from '@playwright/test'
import { captchaAnswer } from './accounts-support'
import { DEMO, PASSWORD, logIn, openPage } from './support'

// SPEC §2.4, §3: campaign parameters of the address. Without consent nothing is written on the device
// but the essential session cookie, yet a recommendation made later in the visit carries its channel.

async function recommend(page: Page, produktId: number): Promise<string> {
  await openPage(page, `/demo/empfehlen/${produktId}`)
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  // The demo referrer may have recommended often today in this run: then a captcha comes first.
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  const created = page.waitForURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}$/)
  await Promise.race([created, captcha.waitFor()])
  if (await captcha.isVisible()) {
    await captcha.getByRole('textbox').fill(await captchaAnswer(page.request, page))
    await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  }
  await created
  return new URL(page.url()).searchParams.get('empfehlung')!
}

test('a recommendation made later in a visit from a campaign link carries its channel, without any cookie of its own', async ({
  page,
  request,
}) => {
  await logIn(page, DEMO)
  const reported = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/campaign/demo' && r.request().method() === 'POST',
  )
  await openPage(page, '/demo?channel=newsletter&pk_campaign=herbst-2026')
  expect((await reported).status()).toBe(204)

  // Nothing on the device but the session cookie (and the consent cookie, if the visitor chose).
  const names = (await page.context().cookies()).map((c) => c.name)
  expect(names).toContain('psoe_token')
  expect(names).not.toContain('psoempf_channel')
  expect(names).not.toContain('psoempf_kampagne')
  expect(await page.evaluate(() => Object.keys(window.sessionStorage).length)).toBe(0)

  // On through a category page to a product: the address no longer names the campaign.
  await openPage(page, '/demo/fernsehen')
  const nummer = await recommend(page, 1254)

  const login = await request.post('/api/v1/demo/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { Email: DEMO.user.email, Password: PASSWORD },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const recommendation = await request.get(`/api/v1/demo/empfehlen/${nummer}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
  })
  expect(recommendation.status()).toBe(200)
  expect(((await recommendation.json()) as { Channel: string }).Channel).toBe('newsletter')
})

test('campaign parameters land in the channel and campaign cookies only with marketing consent', async ({
  page,
}) => {
  await openPage(page, '/demo?c=flyer&mtm_campaign=winter-2026')
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await banner.getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(banner).toBeHidden()
  let cookies = await page.context().cookies()
  expect(cookies.map((c) => c.name)).not.toContain('psoempf_channel')
  expect(cookies.map((c) => c.name)).not.toContain('psoempf_kampagne')

  // Marketing consent given later in the visit: the campaign of the address now goes into its cookies.
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' })
  await dialog.getByRole('button', { name: 'Alle akzeptieren' }).click()
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'psoempf_channel')?.value)
    .toBe('flyer')
  cookies = await page.context().cookies()
  const channel = cookies.find((c) => c.name === 'psoempf_channel')!
  // Written for 730 days (SPEC §9); Chromium keeps no cookie longer than 400 days (RFC 6265bis).
  const days = (channel.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(399)
  expect(days).toBeLessThanOrEqual(730)
  expect(cookies.find((c) => c.name === 'psoempf_kampagne')?.value).toBe('winter-2026')
})
