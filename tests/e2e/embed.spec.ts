import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { accountWithPassword } from './accounts-support'
import { HOST_ORIGIN, THIRD_ORIGIN, sameOriginParent, startHosts } from './embed-hosts'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { ORIGIN, TEXT } from './support'

// Embedding the portal in a provider's page (SPEC §1, §2.4; README "Embedding the portal"): the embed
// script mounts the portal in widget mode, the frame takes the portal's height, the portal's route
// lives in the host's hash (reload and shared links deep-link), framing is allowed only to registered
// origins, messages are taken only from them, and the session works in the cross-site frame.
//
// The spec creates its own tenants through the operator call (PUT /api/v1/mandant/{tenant}) rather than
// registering a loopback origin for the demo tenants: slugs of this run, because an earlier run's pages
// may still be in the build's page cache.

const RUN = Date.now().toString(36)
/** Registered hosts: the provider's page, and the portal's own origin (for the recording parent). */
const EMBEDDED = `einbett-${RUN}`
/** Registered host only; ModuleIntegratedFrame with the embed page HOST_ORIGIN/integriert. */
const INTEGRATED = `integriert-${RUN}`
/** Registered host only, no ModuleIntegratedFrame. */
const OTHER = `anderer-${RUN}`

const FRAME_TITLE = 'Empfehlungsportal'

async function putTenant(request: APIRequestContext, slug: string, settings: Record<string, unknown>) {
  const response = await request.put(`/api/v1/mandant/${slug}`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_API_KEY}`, 'X-Requested-With': 'e2e' },
    data: {
      Name: 'Lumenta Telekom',
      ProgrammName: 'Lumenta Freunde-Bonus',
      SupportEmail: 'empfehlen@lumenta.example',
      MandantUrl: HOST_ORIGIN,
      EmpfehlenPath: '/integriert',
      ...settings,
    },
  })
  expect(response.status()).toBe(200)
}

let stopHosts: () => Promise<void>

test.beforeAll(async ({ request }) => {
  await putTenant(request, EMBEDDED, { FrameAncestors: [`${HOST_ORIGIN}/einbetten`, ORIGIN] })
  await putTenant(request, INTEGRATED, { FrameAncestors: [HOST_ORIGIN], ModuleIntegratedFrame: true })
  await putTenant(request, OTHER, { FrameAncestors: [HOST_ORIGIN] })
  stopHosts = await startHosts(INTEGRATED)
})

test.afterAll(async () => {
  await stopHosts?.()
})

function hostUrl(tenant: string, query = '') {
  return `${HOST_ORIGIN}/einbetten?tenant=${tenant}${query}`
}

/** The portal frame of the host page, once its page is hydrated (the header read the session). */
async function openHost(
  page: Page,
  url: string,
  headline: string | RegExp = TEXT.de.homeHeadline,
  title = FRAME_TITLE,
) {
  const sessionRead = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/session/'))
  await page.goto(url)
  await sessionRead
  const portal = page.frameLocator(`iframe[title="${title}"]`)
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText(headline)
  return portal
}

function portalFrame(page: Page) {
  const frame = page.frames().find((f) => f.url().startsWith(`${ORIGIN}/`))
  expect(frame, 'the portal frame').toBeDefined()
  return frame!
}

test('the host page embeds the portal in widget mode; the frame takes the height of its content', async ({
  page,
}) => {
  const portal = await openHost(page, hostUrl(EMBEDDED))
  const iframe = page.locator(`iframe[title="${FRAME_TITLE}"]`)
  await expect(iframe).toHaveAttribute('scrolling', 'no')
  expect(new URL(portalFrame(page).url()).search).toBe('?widget=1')
  // Widget mode: the host frames the portal, so the portal's own footer is not shown.
  await expect(portal.locator('.site-footer')).toBeHidden()
  await expect(portal.getByRole('heading', { level: 1 })).toBeVisible()

  // The frame is as high as the portal's page (not the default 600 px), so it has nothing to scroll.
  const frame = portalFrame(page)
  await expect
    .poll(async () => {
      const outer = await iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height))
      const inner = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height))
      return Math.abs(outer - inner) <= 1 && outer !== 600 ? outer : `frame ${outer}, content ${inner}`
    })
    .toEqual(expect.any(Number))
  expect(
    await frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    'no scrolling inside the frame',
  ).toBe(true)
  // Full width of the host's container.
  const widths = await iframe.evaluate((el) => [
    el.getBoundingClientRect().width,
    el.parentElement!.clientWidth,
  ])
  expect(widths[0]).toBe(widths[1])
  // A picture for people: the whole host page in one viewport (frames of another site outside the
  // viewport stay unpainted in a full-page picture).
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: 1280, height: pageHeight })
  await expect(portal.getByRole('heading', { level: 1 })).toBeInViewport()
  await page.screenshot({
    path: path.resolve(__dirname, '..', '..', 'test-results', 'screenshots', 'embed-host.png'),
  })
})

test('navigating in the frame updates the host hash; reloading that address opens the same page', async ({
  page,
}) => {
  const portal = await openHost(page, hostUrl(EMBEDDED))
  await portal
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
    .click()
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page).toHaveURL(`${hostUrl(EMBEDDED)}#/login`)
  expect(portalFrame(page).url()).toBe(`${ORIGIN}/${EMBEDDED}/login?widget=1`)

  await page.reload()
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  expect(portalFrame(page).url()).toBe(`${ORIGIN}/${EMBEDDED}/login?widget=1`)

  // A shared address with a deep link, on an English host page (the frame's title is English too).
  const english = await openHost(
    page,
    `${hostUrl(EMBEDDED, '&locale=en')}#/en/faq`,
    'Frequently asked questions',
    'Referral portal',
  )
  expect(portalFrame(page).url()).toBe(`${ORIGIN}/${EMBEDDED}/en/faq?widget=1`)

  // The host's own hash changes (a link on the host page, the address bar): the portal follows.
  await page.evaluate(() => {
    window.location.hash = '#/en/kontakt'
  })
  await expect(english.getByRole('heading', { level: 1 })).toHaveText('Contact')
  expect(portalFrame(page).url()).toBe(`${ORIGIN}/${EMBEDDED}/en/kontakt?widget=1`)
})

test('after a navigation far down in the frame, the host scrolls back to the top of the portal', async ({
  page,
}) => {
  const portal = await openHost(page, hostUrl(EMBEDDED))
  const iframe = page.locator(`iframe[title="${FRAME_TITLE}"]`)
  // Far down: the host scrolled to the bottom of the frame (widget mode has no footer), where the
  // page's last link is followed.
  const last = portal.getByRole('main').locator('a[href^="/"]:visible').last()
  const target = new URL((await last.getAttribute('href'))!, ORIGIN).pathname.replace(`/${EMBEDDED}`, '')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect
    .poll(() => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThan(-100)
  await last.dispatchEvent('click')
  await expect(page).toHaveURL(`${hostUrl(EMBEDDED)}#${target}`)
  await expect
    .poll(() => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(1)
  await expect
    .poll(() => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(-1)
})

test('a referrer logs in inside the frame: the session cookie works on a cross-site host', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, EMBEDDED, 'Einbettung')
  const portal = await openHost(page, `${hostUrl(EMBEDDED)}#/login`, TEXT.de.login)
  await portal.getByLabel(TEXT.de.email).fill(account.email)
  await portal.getByLabel(TEXT.de.password, { exact: true }).fill(account.password)
  await portal.getByRole('button', { name: TEXT.de.login, exact: true }).click()
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Test Einbettung')
  await expect(page).toHaveURL(`${hostUrl(EMBEDDED)}#/persoenlicherbereich`)
  // The cookie is kept for this host site only (CHIPS).
  const cookie = (await page.context().cookies(ORIGIN)).find(
    (c) => c.name === 'psoe_token' && c.partitionKey === 'http://127.0.0.1',
  )
  expect(cookie, 'the partitioned session cookie').toMatchObject({
    sameSite: 'None',
    secure: true,
    httpOnly: true,
  })
})

test('a page on a third origin cannot frame the portal', async ({ page }) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text())
  })
  await page.goto(`${THIRD_ORIGIN}/fremd?tenant=${EMBEDDED}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fremde Seite')
  // Chromium reports each refused frame (frame-ancestors) on the framing page's console.
  await expect.poll(() => refused.length).toBe(2)
  for (const title of ['Portal im Widget-Modus', 'Portal ohne Widget-Modus']) {
    const frame = await page.locator(`iframe[title="${title}"]`).contentFrame()
    await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0)
    await expect(frame.locator('body')).not.toContainText(TEXT.de.homeHeadline)
  }
  expect(page.frames().filter((f) => f.url().startsWith(`${ORIGIN}/`))).toHaveLength(0)
})

test('messages from a foreign origin, and malformed ones, are ignored by portal and host', async ({
  page,
}) => {
  // Every request the portal makes: a navigation it followed fetches its target, even when a later
  // navigation overtakes it. The targets below are linked nowhere on the home page (no prefetch).
  const requested: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === ORIGIN) requested.push(url.pathname)
  })
  const portal = await openHost(page, hostUrl(EMBEDDED, '&fremd=1'))
  const iframe = page.locator(`iframe[title="${FRAME_TITLE}"]`)
  await expect.poll(() => iframe.evaluate((el) => el.getBoundingClientRect().height)).not.toBe(600)

  // A third party's frame inside the host page talks to the portal frame and to the host.
  const third = page.frames().find((f) => f.url().startsWith(THIRD_ORIGIN))!
  await third.evaluate(() => {
    const frames = Array.from({ length: window.parent.frames.length }, (_, i) => window.parent.frames[i])
    const portalWindow = frames.find((w) => w !== window)!
    portalWindow.postMessage({ type: 'psoempf:navigate', path: '/passwortvergessen' }, '*')
    window.parent.postMessage({ type: 'psoempf:route', path: '/gefaelscht', hash: '' }, '*')
    window.parent.postMessage({ type: 'psoempf:height', height: 5 }, '*')
  })
  // The registered host sends messages of a wrong shape, then a valid one; they arrive in this order.
  await page.evaluate(() => {
    const frame = document.querySelector('iframe[title="Empfehlungsportal"]') as HTMLIFrameElement
    const target = new URL(frame.src).origin
    const post = (message: unknown) => frame.contentWindow!.postMessage(message, target)
    post({ type: 'psoempf:navigate', path: '//evil.example/' })
    post({ type: 'psoempf:navigate', path: 'javascript:alert(1)' })
    post({ type: 'psoempf:navigate', path: '/../../api/v1/mandant/demo' })
    post({ type: 'psoempf:navigate', path: '/empfehlungabgelaufen', extra: true })
    post('psoempf:navigate /empfehlungabgelaufen')
    post({ type: 'psoempf:navigate', path: '/faq' })
  })
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen')
  await expect(page).toHaveURL(`${hostUrl(EMBEDDED, '&fremd=1')}#/faq`)
  expect(
    requested.filter((p) => /\/(passwortvergessen|empfehlungabgelaufen)$|^\/api\/v1\/mandant/.test(p)),
  ).toEqual([])
  // The host took neither the third party's route nor its height.
  type Seen = { __addresses: string[]; __heights: string[] }
  const seen = await page.evaluate(() => {
    const w = window as unknown as Seen
    return { addresses: w.__addresses, heights: w.__heights }
  })
  expect(seen.addresses).toContain('/einbetten?tenant=' + EMBEDDED + '&fremd=1#/faq')
  expect(seen.addresses.filter((a) => a.includes('gefaelscht'))).toEqual([])
  expect(seen.heights.length).toBeGreaterThan(0)
  expect(seen.heights).not.toContain('5px')

  // What the host received from the portal came from the portal's origin, in the protocol's shapes.
  type Received = { origin: string; data: { type: string } }
  const received = await page.evaluate(() => (window as unknown as { __received: Received[] }).__received)
  const fromPortal = received.filter((m) => m.origin === ORIGIN)
  expect(fromPortal.map((m) => m.data.type)).toEqual(
    expect.arrayContaining(['psoempf:route', 'psoempf:height']),
  )
  for (const message of fromPortal)
    expect(['psoempf:route', 'psoempf:height', 'psoempf:scroll']).toContain(message.data.type)
})

test('the portal posts to its parent only with that parent’s registered origin, never to "*"', async ({
  page,
}) => {
  // A parent on the portal's own origin sees every postMessage call made on it, with its target.
  await page.route(`${ORIGIN}/__einbettung/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: sameOriginParent(`/${new URL(route.request().url()).searchParams.get('t')}?widget=1`),
    }),
  )
  type Call = { message: { type: string }; target: string }
  const calls = () => page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls)

  // EMBEDDED registers the portal's origin as a host: the portal talks to it, naming the origin.
  await page.goto(`${ORIGIN}/__einbettung/seite?t=${EMBEDDED}`)
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveText(
    TEXT.de.homeHeadline,
  )
  await expect.poll(async () => (await calls()).map((c) => c.message.type)).toContain('psoempf:height')
  const registered = await calls()
  expect(registered.map((c) => c.target)).toEqual(registered.map(() => ORIGIN))

  // OTHER does not register it: nothing is posted, also after a navigation in the frame.
  await page.goto(`${ORIGIN}/__einbettung/seite?t=${OTHER}`)
  const frame = page.frameLocator('iframe')
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await frame
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
    .click()
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await page.evaluate(() =>
    (document.querySelector('iframe') as HTMLIFrameElement).contentWindow!.postMessage(
      { type: 'psoempf:hello' },
      '*',
    ),
  )
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  expect(await calls()).toEqual([])
})

test('ModuleIntegratedFrame: the integrated frame stays, any other frame sends the browser to the embed page', async ({
  page,
}) => {
  // The tenant's own embed page (MandantUrl + EmpfehlenPath) is the integrated frame: nothing moves
  // (the query would be gone had the browser been sent to the embed page).
  const portal = await openHost(page, `${HOST_ORIGIN}/integriert?von=test#/faq`, 'Häufige Fragen')
  await portal
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
    .click()
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page).toHaveURL(`${HOST_ORIGIN}/integriert?von=test#/login`)

  // A frame that is not the integrated one (here: a page of the portal's own origin, with and without
  // widget mode): the browser goes to the embed page with the route as hash, which opens that route.
  for (const query of ['', '?widget=1']) {
    await page.route(`${ORIGIN}/__rahmen/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="de"><head><title>Rahmen</title></head><body>
<iframe title="Portal" src="/${INTEGRATED}/kontakt${query}"></iframe></body></html>`,
      }),
    )
    await page.goto(`${ORIGIN}/__rahmen/seite`)
    await expect(page).toHaveURL(`${HOST_ORIGIN}/integriert#/kontakt`)
    await expect(
      page.frameLocator(`iframe[title="${FRAME_TITLE}"]`).getByRole('heading', { level: 1 }),
    ).toHaveText('Kontakt')
    await page.unroute(`${ORIGIN}/__rahmen/**`)
  }
})
