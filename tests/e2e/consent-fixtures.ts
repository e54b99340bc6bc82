import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { TEXT } from './support'

// SPEC §2.2, §2.4, §3, §4, §9, QUALITY §Privacy: the consent banner and categories dialog, the consent
// cookie, tracking only after analytics consent, the exit-intent popup, and a third-party consent tool.

export const BANNER = 'Cookies und Datenschutz'
export const DIALOG = 'Cookie-Einstellungen'
export const FOOTER_BUTTON = 'Cookie-Einstellungen'
/** The demo tenant's tracking id of APP_ENV development (lib/engine/tenants/demo-tenants.ts). */
export const DEMO_SITE_ID = '14'

export const banner = (page: Page) => page.getByRole('region', { name: BANNER })
export const dialog = (page: Page) => page.getByRole('dialog', { name: DIALOG })
export const footerButton = (page: Page) =>
  page.getByRole('navigation', { name: TEXT.de.legalTitle }).getByRole('button', { name: FOOTER_BUTTON })

/** Records every cookie and web-storage write of the page's scripts, from before the first script runs. */
export async function recordWrites(page: Page) {
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

export const writes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __writes: string[] }).__writes)

/** Every request to the portal's tracking route, from now on. */
export function trackingRequests(page: Page): Request[] {
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
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_000)
}

export async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((c) => c.name).sort()
}

export async function consentCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'psoempf_consent')
  return cookie ? { ...cookie, values: new URLSearchParams(decodeURIComponent(cookie.value)) } : undefined
}

/** Follows a footer link (a client-side navigation) and waits for the new page. */
export async function followFooterLink(page: Page, name: string, urlPattern: RegExp) {
  await page.getByRole('navigation', { name: TEXT.de.legalTitle }).getByRole('link', { name }).click()
  await expect(page).toHaveURL(urlPattern)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots')

/** What the visitor sees in the viewport (the banner is fixed to its bottom). */
export async function viewportScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
}

/** A tiny stand-in for Matomo on the loopback address: records every tracking request it receives. */
export type MatomoHit = {
  params: URLSearchParams
  forwardedFor: string | undefined
  userAgent: string | undefined
}
export let matomo: Server
export let matomoUrl: string
export const matomoHits: MatomoHit[] = []

// Every spec file that imports these fixtures runs its own Matomo stand-in.
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

export const hitsOf = (siteId: string) => matomoHits.filter((hit) => hit.params.get('idsite') === siteId)

/** A tenant of this run (an earlier run's pages may still be in the build's page cache). */
export async function createTenant(
  request: APIRequestContext,
  prefix: string,
  settings: Record<string, unknown>,
) {
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
