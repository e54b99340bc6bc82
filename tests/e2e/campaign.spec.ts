import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { captchaAnswer, freshEmail, linkIn, waitForMail } from './accounts-support'
import { exactUrl, openPage } from './support'

// SPEC §2.4, §3, §9 and TDDDG §25: campaign parameters of the address (channel, c, pk_campaign,
// mtm_campaign) are marketing data. Before marketing consent nothing is written on the device and no call
// reports them, yet a recommendation made later in the visit carries the channel: the page keeps it in
// memory and the form sends it when the visitor submits. With marketing consent the channel cookie
// (730 days) and the campaign cookie are written.

const OPTIN_SUBJECT = /^Bitte bestätigen Sie Ihre Empfehlung/
const XRW = { 'X-Requested-With': 'XMLHttpRequest' }

/** Every request the page sends to a campaign address of the portal (there should be none). */
function campaignCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/campaign')) calls.push(request.url())
  })
  return calls
}

/** What the visit left on the device: cookie names, and the keys of both web storages. */
async function onDevice(page: Page, context: BrowserContext) {
  const storage = await page.evaluate(() => ({
    localStorage: Object.keys(window.localStorage),
    sessionStorage: Object.keys(window.sessionStorage),
  }))
  return { cookies: (await context.cookies()).map((c) => c.name).sort(), ...storage }
}

test('a first visit from a campaign link writes nothing before consent, yet its recommendation carries the channel', async ({
  page,
  context,
}) => {
  const calls = campaignCalls(page)
  await openPage(page, '/demo?channel=herbstmail&pk_campaign=herbst2026')
  // No choice made: the banner waits, and nothing is on the device.
  await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeVisible()
  expect(await onDevice(page, context)).toEqual({ cookies: [], localStorage: [], sessionStorage: [] })

  // On through a category page to a product, as a visitor clicks: the address no longer names the campaign.
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await page.getByRole('link', { name: 'Lumenta Zuhause M jetzt empfehlen' }).click()
  await expect(page).toHaveURL(/\/demo\/empfehlen\/462\?kategorie=internet#empfehlen-form$/)
  expect(await onDevice(page, context)).toEqual({ cookies: [], localStorage: [], sessionStorage: [] })
  expect(calls).toEqual([])

  const email = freshEmail('kampagne')
  await page.getByLabel('Vorname').fill('Kim')
  await page.getByLabel('Nachname').fill('Kampagne')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  // Many recommendations come from this address in a run: then a captcha comes first.
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  const created = page.waitForURL(exactUrl('/demo/bestaetigung'))
  await Promise.race([created, captcha.waitFor()])
  if (await captcha.isVisible()) {
    await captcha.getByRole('textbox').fill(await captchaAnswer(page.request, page))
    await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  }
  await created
  expect(calls).toEqual([])

  // The opt-in link confirms the recommendation and answers the referrer's token (PUT empfehler/teilnahme).
  const mail = await waitForMail(page.request, email, OPTIN_SUBJECT)
  const token = new URL(linkIn(mail.Text, '/demo/bestaetigung'), 'http://x').searchParams.get('token')
  const confirmed = await page.request.put('/api/v1/demo/empfehler/teilnahme', {
    headers: XRW,
    data: { Token: token },
  })
  expect(confirmed.status()).toBe(200)
  const { User, Empfehlungsnummer } = (await confirmed.json()) as {
    User: { token: string }
    Empfehlungsnummer: string
  }
  const recommendation = await page.request.get(`/api/v1/demo/empfehlen/${Empfehlungsnummer}`, {
    headers: { ...XRW, Authorization: `Bearer ${User.token}` },
  })
  expect(recommendation.status()).toBe(200)
  expect(((await recommendation.json()) as { Channel: string }).Channel).toBe('herbstmail')
})

test('after "Nur erforderliche" a campaign link writes nothing; marketing consent writes the channel and campaign cookies', async ({
  page,
  context,
}) => {
  const calls = campaignCalls(page)
  await openPage(page, '/demo')
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await banner.getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(banner).toBeHidden()

  await openPage(page, '/demo?c=flyer&mtm_campaign=winter-2026')
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/internet'))
  // Only the stored choice itself (essential).
  expect(await onDevice(page, context)).toEqual({
    cookies: ['psoempf_consent'],
    localStorage: [],
    sessionStorage: [],
  })
  expect(calls).toEqual([])

  // Marketing consent given later in the visit: the campaign of the visit now goes into its cookies.
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' })
  await dialog.getByRole('button', { name: 'Alle akzeptieren' }).click()
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'psoempf_channel')?.value)
    .toBe('flyer')
  const cookies = await context.cookies()
  const channel = cookies.find((c) => c.name === 'psoempf_channel')!
  // Written for 730 days (SPEC §9); Chromium keeps no cookie longer than 400 days (RFC 6265bis).
  const days = (channel.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(399)
  expect(days).toBeLessThanOrEqual(730)
  expect(cookies.find((c) => c.name === 'psoempf_kampagne')?.value).toBe('winter-2026')
  expect(calls).toEqual([])
})
