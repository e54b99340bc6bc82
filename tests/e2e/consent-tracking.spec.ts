import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, openPage } from './support'
import {
  banner,
  dialog,
  footerButton,
  recordWrites,
  writes,
  trackingRequests,
  settle,
  consentCookie,
  followFooterLink,
  viewportScreenshot,
  matomoUrl,
  hitsOf,
  createTenant,
} from './consent-fixtures'

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('banner and dialog fit the screen and stay usable', async ({ page }) => {
    await openPage(page, '/demo')
    await expect(banner(page)).toBeVisible()
    for (const name of ['Alle akzeptieren', 'Nur erforderliche', 'Einstellungen']) {
      const box = (await banner(page).getByRole('button', { name }).boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    const bannerBox = (await banner(page).boundingBox())!
    expect(bannerBox.height).toBeLessThan(844 * 0.7)
    await expectNoAxeViolations(page)
    await viewportScreenshot(page, 'consent-banner-phone')

    await banner(page).getByRole('button', { name: 'Einstellungen' }).click()
    await expect(dialog(page)).toBeVisible()
    const dialogBox = (await dialog(page).boundingBox())!
    expect(dialogBox.x).toBeGreaterThanOrEqual(0)
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
    await viewportScreenshot(page, 'consent-dialog-phone')
    await dialog(page).getByRole('button', { name: 'Alle akzeptieren' }).click()
    await expect(dialog(page)).toHaveCount(0)
    expect(Object.fromEntries((await consentCookie(page))!.values)).toMatchObject({ psoempf_ma: '1' })
  })
})

test('tracking of a tenant with a Matomo endpoint: hits reach it with a shortened address; none after withdrawal', async ({
  page,
  request,
}) => {
  const slug = await createTenant(request, 'zaehlen', {
    useInternalConsentManager: true,
    trackings: { production: [], staging: [], testing: [], development: ['7'] },
    TrackingUrl: matomoUrl,
  })
  const tracking = trackingRequests(page)
  await openPage(page, `/${slug}`)
  await expect(banner(page)).toBeVisible()
  await settle(page)
  expect(tracking).toHaveLength(0)
  expect(hitsOf('7')).toHaveLength(0)

  await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click()
  await expect.poll(() => hitsOf('7').length).toBe(1)
  const [hit] = hitsOf('7')
  expect(Object.fromEntries(hit!.params)).toMatchObject({
    idsite: '7',
    rec: '1',
    apiv: '1',
    url: expect.stringMatching(new RegExp(`/${slug}$`)),
    action_name: await page.title(),
    _id: expect.stringMatching(/^[0-9a-f]{16}$/),
    ua: expect.stringContaining('Chrome'),
  })
  expect(hit!.params.has('cip')).toBe(false)
  // The client's address, shortened (IPv4 last octet, IPv6 last 80 bits).
  expect(hit!.forwardedFor).toMatch(/(\.0|::)$/)

  await followFooterLink(page, 'Häufige Fragen', new RegExp(`/${slug}/faq$`))
  await expect.poll(() => hitsOf('7').length).toBe(2)
  expect(hitsOf('7')[1]!.params.get('url')).toMatch(new RegExp(`/${slug}/faq$`))
  expect(hitsOf('7')[1]!.params.get('urlref')).toMatch(new RegExp(`/${slug}$`))

  await footerButton(page).click()
  await dialog(page).getByRole('switch', { name: 'Analyse' }).uncheck()
  await dialog(page).getByRole('button', { name: 'Auswahl speichern' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await followFooterLink(page, 'Teilnahmebedingungen', new RegExp(`/${slug}/agb$`))
  await settle(page)
  expect(tracking).toHaveLength(2)
  expect(hitsOf('7')).toHaveLength(2)
})

test.describe('the exit-intent popup', () => {
  let slug: string
  test.beforeAll(async ({ request }) => {
    slug = await createTenant(request, 'verlassen', {
      useInternalConsentManager: true,
      Limits: { ExitIntentEnabled: true, ExitIntentMs: 1_000 },
    })
  })

  /** The pointer leaves the window through its top edge. */
  async function leaveThroughTop(page: Page) {
    await page.mouse.move(600, 200)
    await page.mouse.move(600, 5, { steps: 3 })
    await page.mouse.move(600, -40, { steps: 2 })
  }

  const popup = (page: Page) => page.getByRole('dialog', { name: 'Bevor Sie gehen …' })

  test('shows once per visit after the configured time, never while the banner is open', async ({ page }) => {
    await openPage(page, `/${slug}`)
    await page.waitForFunction(() => performance.now() > 1_200)
    await leaveThroughTop(page)
    await expect(banner(page)).toBeVisible()
    await expect(popup(page)).toHaveCount(0)

    await banner(page).getByRole('button', { name: 'Nur erforderliche' }).click()
    await leaveThroughTop(page)
    await expect(popup(page)).toBeVisible()
    await expect(popup(page).getByRole('link', { name: 'Jetzt Produkt empfehlen' })).toHaveAttribute(
      'href',
      `/${slug}#categories-title`,
    )
    await expectNoAxeViolations(page)
    await viewportScreenshot(page, 'exit-intent-desktop')
    await page.keyboard.press('Escape')
    await expect(popup(page)).toHaveCount(0)
    // Functional consent was declined: "shown" lives in memory only.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0)

    await leaveThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup(page)).toHaveCount(0)
  })

  test('never shows in widget mode', async ({ page }) => {
    await openPage(page, `/${slug}?widget=1`)
    // In widget mode the host page owns consent: no banner of the portal's own.
    await expect(banner(page)).toHaveCount(0)
    await page.waitForFunction(() => performance.now() > 1_200)
    await leaveThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup(page)).toHaveCount(0)
  })
})

test('a third-party consent tool feeds the same consent: tracking follows its decision; without a tool nothing is tracked', async ({
  page,
  request,
}) => {
  const tool = await createTenant(request, 'werkzeug', {
    useInternalConsentManager: false,
    ConsentTool: { ScriptUrl: '/consent-tool-e2e.js' },
    trackings: { production: [], staging: [], testing: [], development: ['8'] },
    TrackingUrl: matomoUrl,
  })
  // The tenant's tool, as a stand-in: it decides at once and offers its own settings dialog.
  await page.route('**/consent-tool-e2e.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `
        window.psoempfConsent.onOpenSettings(function () {
          document.documentElement.setAttribute('data-tool-settings', 'open')
        })
        window.dispatchEvent(new CustomEvent('psoempf:consent', {
          detail: { psoempf_fu: false, psoempf_an: true, psoempf_ma: false }
        }))`,
    }),
  )
  const tracking = trackingRequests(page)
  await openPage(page, `/${tool}`)
  await expect(banner(page)).toHaveCount(0)
  await expect.poll(() => hitsOf('8').length).toBe(1)
  expect(Object.fromEntries((await consentCookie(page))!.values)).toMatchObject({
    m: tool,
    psoempf_fu: '0',
    psoempf_an: '1',
    psoempf_ma: '0',
  })
  await footerButton(page).click()
  await expect(page.locator('html')).toHaveAttribute('data-tool-settings', 'open')
  // The tool withdraws: nothing more is sent.
  await page.evaluate(() =>
    (window as unknown as { psoempfConsent: { set(values: unknown): void } }).psoempfConsent.set({
      psoempf_an: 0,
    }),
  )
  await followFooterLink(page, 'Häufige Fragen', new RegExp(`/${tool}/faq$`))
  await settle(page)
  expect(hitsOf('8')).toHaveLength(1)
  expect(tracking).toHaveLength(1)

  // No internal manager and no tool: nothing asks, so nothing is stored or tracked.
  const none = await createTenant(request, 'ohne', {
    useInternalConsentManager: false,
    trackings: { production: [], staging: [], testing: [], development: ['9'] },
    TrackingUrl: matomoUrl,
  })
  const second = await page.context().newPage()
  await recordWrites(second)
  const noneTracking = trackingRequests(second)
  await openPage(second, `/${none}`)
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(footerButton(second)).toHaveCount(0)
  expect(await second.evaluate(() => 'psoempfConsent' in window)).toBe(false)
  await settle(second)
  expect(noneTracking).toHaveLength(0)
  expect(await writes(second)).toEqual([])
  expect(hitsOf('9')).toHaveLength(0)
})
