import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { DEMO_HOST, TEXT, expectNoAxeViolations, openPage } from './support'

// SPEC §2.2, §2.4, §3, §4, §9, QUALITY §Privacy: the consent banner and categories dialog, the consent
// cookie, tracking only after analytics consent, the exit-intent popup, and a third-party consent tool.

const BANNER = 'Cookies und Datenschutz'
const DIALOG = 'Cookie-Einstellungen'
const FOOTER_BUTTON = 'Cookie-Einstellungen'
/** The demo tenant's tracking id of APP_ENV development (lib/engine/tenants/demo-tenants.ts). */
const DEMO_SITE_ID = '14'

const banner = (page: Page) => page.getByRole('region', { name: BANNER })
const dialog = (page: Page) => page.getByRole('dialog', { name: DIALOG })
const footerButton = (page: Page) =>
  page.getByRole('navigation', { name: TEXT.de.legalTitle }).getByRole('button', { name: FOOTER_BUTTON })

/** Records every cookie and web-storage write of the page's scripts, from before the first script runs. */
async function recordWrites(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __writes: string[] }
    w.__writes = []
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key: string, value: string) {
      w.__writes.push(`storage:${key}`)
      return setItem.call(this, key, value)
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        return cookie.get!.call(this)
      },
      set(value: string) {
        w.__writes.push(`cookie:${String(value).split('=')[0]}`)
        cookie.set!.call(this, value)
      },
    })
  })
}

const writes = (page: Page) => page.evaluate(() => (window as unknown as { __writes: string[] }).__writes)

/** Every request to the portal's tracking route, from now on. */
function trackingRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/tracking/')) seen.push(request)
  })
  return seen
}

/**
 * Lets a client-side navigation finish: the header reads the session again on every path, in the same
 * render in which the tracker would start; the short pause covers its dynamic import.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_000)
}

async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((c) => c.name).sort()
}

async function consentCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'psoempf_consent')
  return cookie ? { ...cookie, values: new URLSearchParams(decodeURIComponent(cookie.value)) } : undefined
}

/** Follows a footer link (a client-side navigation) and waits for the new page. */
async function followFooterLink(page: Page, name: string, urlPattern: RegExp) {
  await page.getByRole('navigation', { name: TEXT.de.legalTitle }).getByRole('link', { name }).click()
  await expect(page).toHaveURL(urlPattern)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots')

/** What the visitor sees in the viewport (the banner is fixed to its bottom). */
async function viewportScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
}

/** A tiny stand-in for Matomo on the loopback address: records every tracking request it receives. */
type MatomoHit = { params: URLSearchParams; forwardedFor: string | undefined; userAgent: string | undefined }
let matomo: Server
let matomoUrl: string
const matomoHits: MatomoHit[] = []

test.beforeAll(async () => {
  matomo = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      matomoHits.push({
        params: new URLSearchParams(body),
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        userAgent: request.headers['user-agent'],
      })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => matomo.listen(0, '127.0.0.1', resolve))
  matomoUrl = `http://127.0.0.1:${(matomo.address() as AddressInfo).port}/matomo.php`
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => matomo.close(() => resolve()))
})

const hitsOf = (siteId: string) => matomoHits.filter((hit) => hit.params.get('idsite') === siteId)

/** A tenant of this run (an earlier run's pages may still be in the build's page cache). */
async function createTenant(request: APIRequestContext, prefix: string, settings: Record<string, unknown>) {
  const slug = `${prefix}-${Date.now().toString(36)}`
  const response = await request.put(`/api/v1/mandant/${slug}`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_API_KEY}`, 'X-Requested-With': 'e2e' },
    data: {
      Name: 'Testnetz',
      ProgrammName: 'Testnetz Freunde-Bonus',
      SupportEmail: 'hilfe@testnetz.example',
      MandantUrl: 'https://www.testnetz.example',
      ...settings,
    },
  })
  expect(response.status()).toBe(200)
  return slug
}

test.describe('demo: the internal consent manager', () => {
  test('before consent: no cookie but the session’s, no storage write, no tracking; the banner is reachable by keyboard', async ({
    page,
  }) => {
    await recordWrites(page)
    const tracking = trackingRequests(page)
    await openPage(page, '/demo')

    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('heading', { level: 2, name: BANNER })).toBeVisible()
    await expect(banner(page).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/demo/datenschutz',
    )
    await expect(banner(page).getByRole('button')).toHaveText([
      'Alle akzeptieren',
      'Nur erforderliche',
      'Einstellungen',
    ])

    // Keyboard: after the skip link and the header come the banner's link and buttons, before the content.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: TEXT.de.skipLink })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: /zur Startseite$/ })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TEXT.de.login }),
    ).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(banner(page).getByRole('link', { name: 'Datenschutzerklärung' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(banner(page).getByRole('button', { name: 'Alle akzeptieren' })).toBeFocused()

    await expectNoAxeViolations(page)
    await viewportScreenshot(page, 'consent-banner-desktop')

    await followFooterLink(page, 'Häufige Fragen', /\/demo\/faq$/)
    await expect(banner(page)).toBeVisible()
    await settle(page)
    for (const name of await cookieNames(page)) expect(name).toBe('psoe_token')
    expect(await writes(page)).toEqual([])
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0])
    expect(tracking).toHaveLength(0)
  })

  test('"Nur erforderliche": the consent cookie says analytics 0 and nothing is tracked, also after navigations', async ({
    page,
  }) => {
    await recordWrites(page)
    const tracking = trackingRequests(page)
    await openPage(page, '/demo')
    await banner(page).getByRole('button', { name: 'Nur erforderliche' }).click()
    await expect(banner(page)).toHaveCount(0)
    await expect(page.locator('[data-consent-announcement]')).toHaveText(
      'Ihre Cookie-Auswahl wurde gespeichert.',
    )

    const cookie = (await consentCookie(page))!
    expect(Object.fromEntries(cookie.values)).toMatchObject({
      v: '1',
      m: 'demo',
      psoempf_er: '1',
      psoempf_fu: '0',
      psoempf_an: '0',
      psoempf_ma: '0',
    })
    // The tenant's ConsentCookie settings: 60 days, path /; on localhost neither Secure nor SameSite=None.
    expect(cookie).toMatchObject({ path: '/', secure: false, sameSite: 'Lax', httpOnly: false })
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(59.9)
    expect(days).toBeLessThan(60.1)
    expect(await writes(page)).toEqual(['cookie:psoempf_consent'])

    await followFooterLink(page, 'Häufige Fragen', /\/demo\/faq$/)
    await followFooterLink(page, 'Teilnahmebedingungen', /\/demo\/agb$/)
    await openPage(page, '/demo/aktuellepraemienuebersicht')
    await expect(banner(page)).toHaveCount(0)
    await settle(page)
    expect(tracking).toHaveLength(0)
    for (const name of await cookieNames(page)) expect(['psoe_token', 'psoempf_consent']).toContain(name)
  })

  test('analytics given in the dialog: page views are sent for the page and every navigation; withdrawn: none', async ({
    page,
  }) => {
    const tracking = trackingRequests(page)
    await openPage(page, '/demo')
    await banner(page).getByRole('button', { name: 'Nur erforderliche' }).click()
    await expect(banner(page)).toHaveCount(0)

    // Re-open from the footer, switch analytics on, save: the page shown is counted.
    await footerButton(page).click()
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('switch', { name: 'Erforderlich' })).toBeChecked()
    await expect(dialog(page).getByRole('switch', { name: 'Erforderlich' })).toBeDisabled()
    await expect(dialog(page).getByRole('switch', { name: 'Analyse' })).not.toBeChecked()
    await dialog(page).getByRole('switch', { name: 'Analyse' }).check()
    const first = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tracking/demo')
    await dialog(page).getByRole('button', { name: 'Auswahl speichern' }).click()
    await expect(dialog(page)).toHaveCount(0)
    await expect(footerButton(page)).toBeFocused()
    const hit = (await first).postDataJSON() as Record<string, unknown>
    expect(hit).toMatchObject({ idsite: DEMO_SITE_ID, url: expect.stringMatching(/\/demo$/) })
    expect(hit.action_name).toEqual(await page.title())
    expect(hit._id).toMatch(/^[0-9a-f]{16}$/)
    expect((await (await first).response())?.status()).toBe(204)
    expect(Object.fromEntries((await consentCookie(page))!.values)).toMatchObject({
      psoempf_an: '1',
      psoempf_ma: '0',
    })
    expect(await cookieNames(page)).toContain('psoempf_vid')

    // Client-side navigations are counted too, with the page before as referrer.
    const second = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tracking/demo')
    await followFooterLink(page, 'Häufige Fragen', /\/demo\/faq$/)
    const faqHit = (await second).postDataJSON() as Record<string, unknown>
    expect(faqHit).toMatchObject({
      url: expect.stringMatching(/\/demo\/faq$/),
      urlref: expect.stringMatching(/\/demo$/),
      _id: hit._id,
    })
    await settle(page)
    const counted = tracking.length
    expect(counted).toBe(2)

    // Withdrawn: the visitor cookie goes at once, and nothing is sent any more.
    await footerButton(page).click()
    await dialog(page).getByRole('switch', { name: 'Analyse' }).uncheck()
    await dialog(page).getByRole('button', { name: 'Auswahl speichern' }).click()
    await expect(dialog(page)).toHaveCount(0)
    expect(await cookieNames(page)).not.toContain('psoempf_vid')
    await followFooterLink(page, 'Teilnahmebedingungen', /\/demo\/agb$/)
    await followFooterLink(page, 'Häufige Fragen', /\/demo\/faq$/)
    await settle(page)
    expect(tracking).toHaveLength(counted)
  })

  test('the dialog works by keyboard: focus moves in, stays inside, Escape closes and the banner returns', async ({
    page,
  }) => {
    await openPage(page, '/demo')
    await banner(page).getByRole('button', { name: 'Einstellungen' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    await expect(dialog(page).getByRole('heading', { name: DIALOG })).toBeFocused()

    await page.keyboard.press('Tab')
    await expect(dialog(page).getByRole('button', { name: 'Schließen' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog(page).getByRole('switch', { name: 'Funktional' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog(page).getByRole('switch', { name: 'Analyse' })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(dialog(page).getByRole('switch', { name: 'Analyse' })).toBeChecked()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog(page).getByRole('button', { name: 'Alle akzeptieren' })).toBeFocused()
    // The focus stays in the dialog.
    await page.keyboard.press('Tab')
    await expect(dialog(page).getByRole('button', { name: 'Schließen' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialog(page).getByRole('button', { name: 'Alle akzeptieren' })).toBeFocused()

    await expectNoAxeViolations(page)
    await viewportScreenshot(page, 'consent-dialog-desktop')

    // Escape closes without deciding: the banner is back, nothing is stored.
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(banner(page)).toBeVisible()
    await expect(page.locator('#main')).toBeFocused()
    expect(await consentCookie(page)).toBeUndefined()

    // Open again and save by keyboard.
    await banner(page).getByRole('button', { name: 'Einstellungen' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await expect(dialog(page).getByRole('switch', { name: 'Funktional' })).toBeChecked()
    await dialog(page).getByRole('button', { name: 'Auswahl speichern' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toHaveCount(0)
    await expect(banner(page)).toHaveCount(0)
    expect(Object.fromEntries((await consentCookie(page))!.values)).toMatchObject({
      psoempf_fu: '1',
      psoempf_an: '0',
      psoempf_ma: '0',
    })
  })

  test('the privacy and imprint pages show no banner (also in English and on the tenant’s host); others do', async ({
    page,
  }) => {
    for (const [url, heading] of [
      ['/demo/datenschutz', 'Datenschutz'],
      ['/demo/impressum', 'Impressum'],
      ['/demo/en/datenschutz', 'Privacy'],
      [`${DEMO_HOST}/datenschutz`, 'Datenschutz'],
      [`${DEMO_HOST}/impressum`, 'Impressum'],
    ] as const) {
      await openPage(page, url)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading)
      // The consent layer has run: the footer's settings button is there, the banner is not.
      await expect(
        page.getByRole('button', { name: /^(Cookie-Einstellungen|Cookie settings)$/ }),
      ).toBeVisible()
      await expect(
        page.getByRole('region', { name: /^(Cookies und Datenschutz|Cookies and privacy)$/ }),
      ).toHaveCount(0)
    }
    // The pages still let the visitor choose: the footer opens the dialog.
    await openPage(page, '/demo/datenschutz')
    await footerButton(page).click()
    await expect(dialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(banner(page)).toHaveCount(0)

    // Elsewhere the banner returns while nothing is decided.
    await followFooterLink(page, 'Häufige Fragen', /\/demo\/faq$/)
    await expect(banner(page)).toBeVisible()
    await openPage(page, '/demo/en')
    await expect(page.getByRole('region', { name: 'Cookies and privacy' })).toBeVisible()
    await openPage(page, `${DEMO_HOST}/`)
    await expect(banner(page)).toBeVisible()
  })

  test('demo-closed has no internal manager: no banner, no settings button, nothing stored, nothing tracked', async ({
    page,
  }) => {
    await recordWrites(page)
    const tracking = trackingRequests(page)
    for (const url of ['/demo-closed/login', '/demo-closed/faq']) {
      await openPage(page, url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('navigation', { name: TEXT.de.legalTitle })).toBeVisible()
      await expect(banner(page)).toHaveCount(0)
      await expect(footerButton(page)).toHaveCount(0)
    }
    await settle(page)
    for (const name of await cookieNames(page)) expect(name).toBe('psoe_token')
    expect(await writes(page)).toEqual([])
    expect(tracking).toHaveLength(0)
  })
})

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
    await banner(page).getByRole('button', { name: 'Nur erforderliche' }).click()
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
