import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { accountWithPassword, freshEmail, waitForMail } from './accounts-support'
import { DEMO_SHARE_CHANNELS, expectNoAxeViolations, openPage, submitLogin } from './support'

// Issue 19, the referrer's journey as a person walks it: home → a product → the recommend form → the
// confirmation mail from the local mailbox → the share screen → the personal area with the link. Every
// step: phone (390×844) and desktop (1280×800) screenshots, German texts, axe, no sideways scroll at
// 390 px; every link in the share texts and mails on the host the portal is served on.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const SCREENS = path.resolve(__dirname, '..', '..', 'test-results', 'screens')
const SUCCESS =
  'Ihre Empfehlung wurde erfolgreich erstellt. Der Link zu Ihrer Empfehlung wurde an die angegebene E-Mail-Adresse versendet.'

/** The share sheet a phone has (desktop Chromium on Linux has none): it records what it was given. */
async function phoneShareSheet(page: Page) {
  await page.addInitScript(() => {
    if (window.innerWidth > 600) return
    const w = window as unknown as { __shared: ShareData[] }
    w.__shared = []
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        w.__shared.push(data)
        return Promise.resolve()
      },
    })
  })
}

/** No sideways scroll on a phone (finding 9's 747 px form must never come back on these screens). */
async function expectNoOverflow(page: Page) {
  const { width, wide } = await page.evaluate((limit) => {
    // The widest elements, named for the failure message.
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > limit)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(e.getBoundingClientRect().right)} px)`,
      )
    return { width: document.documentElement.scrollWidth, wide }
  }, PHONE.width)
  expect(width, `page width at ${PHONE.width} px; too wide: ${wide.join(', ')}`).toBeLessThanOrEqual(
    PHONE.width,
  )
}

/** Phone and desktop screenshots of the screen as it is (test-results/screens/referrer-{name}-*.png). */
async function shoot(page: Page, name: string, options: { reload?: boolean; firstScreen?: boolean } = {}) {
  mkdirSync(SCREENS, { recursive: true })
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport)
    if (options.reload) await openPage(page, page.url())
    if (size === 'phone') await expectNoOverflow(page)
    await page.screenshot({ path: path.join(SCREENS, `referrer-${name}-${size}.png`), fullPage: true })
    // What a phone shows before any scrolling.
    if (size === 'phone' && options.firstScreen)
      await page.screenshot({ path: path.join(SCREENS, `referrer-${name}-phone-first-screen.png`) })
  }
}

/** Every http(s) address in a text (share texts decoded, a mail's text version). */
function addresses(text: string): URL[] {
  return (text.match(/https?:\/\/[^\s"'<>)]+/g) ?? []).map((a) => new URL(a.replace(/[.,:;]+$/, '')))
}

/** The addresses a mail's HTML links to or loads (href, src), not its namespace declarations. */
function htmlAddresses(html: string): URL[] {
  return [...html.matchAll(/(?:href|src)="(https?:[^"]+)"/g)].map(
    (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
  )
}

test('a new referrer recommends a product, confirms by mail, shares it and finds the link in the personal area', async ({
  page,
  context,
  baseURL,
}) => {
  const portal = new URL(baseURL!)
  const tenant = (await (await page.request.get('/api/v1/mandant/demo')).json()) as {
    Settings: { MandantUrl: string }
  }
  // The tenant's own website (the mail footer) is the one address besides the portal's.
  const website = new URL(tenant.Settings.MandantUrl).origin
  const onPortal = (url: URL, where: string) =>
    expect(
      url.origin === portal.origin || url.origin === website,
      `${where}: ${url.href} is on ${portal.origin}`,
    ).toBe(true)

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await phoneShareSheet(page)

  // 1. Home: a phone visitor lands on the programme's home page.
  await page.setViewportSize(PHONE)
  await openPage(page, '/demo')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A person answers the cookie question once, on the first page.
  const cookies = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await cookies.getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(cookies).toHaveCount(0)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expectNoAxeViolations(page)
  await shoot(page, '1-home')

  // 2. A product: the category of internet products, then the product to recommend.
  await page.setViewportSize(PHONE)
  await page
    .getByRole('link', { name: /Internet & Telefon/ })
    .first()
    .click()
  const product = page.getByRole('link', { name: /Lumenta Zuhause M.*empfehlen/ }).first()
  await expect(product).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '2-category')
  await page.setViewportSize(PHONE)
  await product.click()

  // 3. The recommend form.
  await expect(page).toHaveURL(/\/demo\/empfehlen\/462/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumenta Zuhause M empfehlen')
  const email = freshEmail('journey')
  await page.getByLabel('Vorname').fill('Erika')
  await page.getByLabel('Nachname').fill('Probe')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  const share = page.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
  await expect(share.getByRole('radio', { name: /Ich erhalte die Prämie/ })).toBeChecked()
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await expectNoAxeViolations(page)
  await shoot(page, '3-form')
  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()

  // 4. A new referrer confirms by the link in the mail.
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre Teilnahme' })).toBeVisible()
  await expect(
    page.getByText(`Wir haben Ihnen eine E-Mail an ${email} gesendet.`, { exact: false }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '4-optin')
  const mail = await waitForMail(page.request, email, /^Bitte bestätigen Sie Ihre Empfehlung/)
  expect(mail.Betreff).toBe('Bitte bestätigen Sie Ihre Empfehlung: Lumenta Zuhause M')
  const confirm = addresses(mail.Text).find((u) => u.pathname === '/demo/bestaetigung')
  expect(confirm, 'the confirmation link in the mail').toBeDefined()
  expect(confirm!.origin).toBe(portal.origin)
  await page.setViewportSize(PHONE)
  await page.goto(`${confirm!.pathname}${confirm!.search}`)

  // 5. The share screen, phone first: the link and "Link teilen" on the first screen, WhatsApp first.
  await expect(page).toHaveURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()
  const linkField = page.getByLabel('Ihr persönlicher Empfehlungslink')
  const link = await linkField.inputValue()
  expect(new URL(link).origin).toBe(portal.origin)
  expect(new URL(link).pathname).toMatch(/^\/demo\/empfehlung\/[0-9A-Z]{10}$/)
  const shareButton = page.getByRole('button', { name: 'Link teilen' })
  await expect(shareButton).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  for (const [what, element] of [
    ['the link', linkField],
    ['"Link teilen"', shareButton],
  ] as const) {
    const box = (await element.boundingBox())!
    expect(box.y + box.height, `${what} on the first phone screen`).toBeLessThanOrEqual(PHONE.height)
  }
  const channels = page.getByRole('region', { name: 'Teilen über' })
  const first = channels.getByRole('link').first()
  await expect(first).toHaveAccessibleName(/^Per WhatsApp teilen/)
  const whatsappBox = (await first.boundingBox())!
  expect(whatsappBox.height).toBeGreaterThanOrEqual(44)

  // The share sheet gets the text, the title and the link (marked for the click count).
  await shareButton.click()
  const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)
  expect(shared).toHaveLength(1)
  expect(shared[0]!.url).toBe(`${link}?channel=share`)
  expect(shared[0]!.title).toBe('Meine Empfehlung für dich: Lumenta Zuhause M von Lumenta Telekom')
  // The referrer keeps 100 %: no text names a reward the friend would read as his own (finding 8).
  expect(shared[0]!.text).toBe(
    'Hallo! Ich bin Kunde bei Lumenta Telekom und kann Lumenta Zuhause M wirklich empfehlen. Schau es dir hier an',
  )
  await expectNoAxeViolations(page)

  // The mail services in one group after the messengers; every channel's link on the portal's host.
  await channels.getByText('Per E-Mail teilen').click()
  const hrefs = await channels
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a): [string, string] => [a.textContent ?? '', a.getAttribute('href') ?? '']),
    )
  expect(hrefs.map(([name]) => name)).toEqual(DEMO_SHARE_CHANNELS)
  for (const [name, href] of hrefs) {
    if (href.startsWith('#')) continue
    const decoded = decodeURIComponent(href.slice(href.indexOf('?') + 1))
    const links = addresses(decoded).filter((u) => u.pathname.startsWith('/demo/'))
    expect(links.length, `${name} shares the personal link`).toBeGreaterThan(0)
    for (const u of links) onPortal(u, name)
    expect(decoded, `${name}: no reward figure for the friend`).not.toMatch(/€|Prämie/)
  }
  await expect(
    page.getByRole('img', { name: /^Story-Bild: Mein Tipp für dich – Lumenta Zuhause M/ }),
  ).toBeVisible()
  const story = page.getByRole('img', { name: /^Story-Bild:/ })
  const picture = await page.request.get((await story.getAttribute('src'))!)
  expect(picture.headers()['content-type']).toBe('image/png')
  writeFileSync(path.join(SCREENS, 'referrer-5-story.png'), await picture.body())
  await channels.getByText('Per E-Mail teilen').click()
  await shoot(page, '5-share', { reload: true, firstScreen: true })

  // Without a share sheet (the desktop): copying is the first action.
  await page.setViewportSize(DESKTOP)
  await expect(page.getByRole('button', { name: 'Link teilen' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Link kopieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link kopiert!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  // 6. The personal area: the link at the top, with the way back to the full share screen.
  await page.setViewportSize(PHONE)
  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Erika Probe' })).toBeVisible()
  const card = page.getByRole('region', { name: 'Ihr persönlicher Empfehlungslink' })
  await expect(card.getByLabel('Ihr persönlicher Empfehlungslink')).toHaveValue(link)
  await expect(
    card.getByText(/^Ihre Empfehlung für Lumenta Zuhause M, gültig bis \d\d\.\d\d\.\d{4}$/),
  ).toBeVisible()
  await expect(card.getByRole('button', { name: 'Link teilen' })).toBeVisible()
  const cardBox = (await card.boundingBox())!
  expect(cardBox.y, 'the link card on the first phone screen').toBeLessThan(PHONE.height)
  await expectNoAxeViolations(page)
  await shoot(page, '6-personal-area', { reload: true, firstScreen: true })
  await card.getByRole('link', { name: /^Alle Möglichkeiten zum Teilen/ }).click()
  await expect(page).toHaveURL(
    new RegExp(`/demo/bestaetigung\\?empfehlung=${new URL(link).pathname.split('/').pop()}$`),
  )
  await expect(page.getByLabel('Ihr persönlicher Empfehlungslink')).toHaveValue(link)

  // Every link in every mail this referrer got points at the portal (or the tenant's website).
  const box = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  const { Nachrichten } = (await box.json()) as {
    Nachrichten: { Betreff: string; Text: string; Html: string }[]
  }
  expect(Nachrichten.length).toBeGreaterThan(0)
  for (const m of Nachrichten) {
    const found = [...addresses(m.Text), ...htmlAddresses(m.Html)]
    expect(found.length, `links in "${m.Betreff}"`).toBeGreaterThan(0)
    for (const u of found) onPortal(u, `mail "${m.Betreff}"`)
  }
})

test('a referrer without a shareable recommendation is led to recommend one', async ({ page, request }) => {
  const { email, password } = await accountWithPassword(page, request, 'demo', 'ohne-empfehlung')
  await openPage(page, '/demo/login')
  await page
    .getByRole('region', { name: 'Cookies und Datenschutz' })
    .getByRole('button', { name: 'Nur erforderliche' })
    .click()
  await submitLogin(page, email, password)
  await expect(page).toHaveURL(/\/demo\/persoenlicherbereich$/)
  const card = page.getByRole('region', { name: 'Ihr persönlicher Empfehlungslink' })
  await expect(card.getByText(/^Sie haben noch keine aktive Empfehlung\./)).toBeVisible()
  await expect(card.getByRole('textbox')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await shoot(page, '6-personal-area-empty', { reload: true })
  await card.getByRole('link', { name: 'Jetzt empfehlen' }).click()
  // To the product choice, not the top of the home page.
  await expect(page).toHaveURL(/\/demo#produktauswahl$/)
  await expect(page.getByRole('heading', { name: 'Was möchten Sie empfehlen?' })).toBeInViewport()
})
