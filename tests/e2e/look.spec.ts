import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { banner } from './consent-fixtures'
import { DEMO_CLOSED, exactUrl, expectNoAxeViolations, logIn, openPage } from './support'

// Issue 19, the look that sells: home, category pages, product cards, mobile tariffs, the recommend
// form, the reward overview and the closed programme's gate, each checked against the finding it fixes
// (3, 4, 5, 6, 14, 16) and shot on a phone (390 × 844) and a desktop (1280 × 800) as look-*.png.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const SCREENS = path.resolve(__dirname, '..', '..', 'test-results', 'screens')
const EUR = String.raw`\s€`
const DATE = String.raw`\d\d\.\d\d\.\d{4}`

/** The whole page on a phone and on a desktop; neither scrolls sideways. */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true })
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(size.width)
    await page.screenshot({ path: path.join(SCREENS, `look-${name}-${label}.png`), fullPage: true })
  }
  await page.setViewportSize(PHONE)
}

/** A first-time visitor decides on cookies first (the banner is someone else's part of the screen). */
async function onlyRequiredCookies(page: Page) {
  await banner(page).getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(banner(page)).toHaveCount(0)
}

/** The element ends within the first screen of the page (scrolled to the top). */
async function expectOnFirstScreen(locator: Locator, screenHeight = PHONE.height) {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.y + box!.height).toBeLessThanOrEqual(screenHeight)
}

const offers = (page: Page) => page.getByRole('region', { name: 'Angebote' })
const tiles = (page: Page) =>
  offers(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE)
})

test('home on a phone: one hero with the highest reward and one button to the product choice right below (finding 3)', async ({
  page,
}) => {
  await openPage(page, '/demo')
  await onlyRequiredCookies(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  const heroes = page.locator('.hero')
  await expect(heroes).toHaveCount(1)
  const hero = heroes.first()
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Empfehlen lohnt sich')
  const figure = hero.locator('[data-reward-figure]')
  await expect(figure).toHaveText(new RegExp(`^bis zu 110${EUR}Prämie für jeden erfolgreichen Vertrag$`))
  const cta = hero.getByRole('link', { name: 'Jetzt empfehlen' })
  await expect(cta).toHaveCount(1)
  await expect(cta).toHaveAttribute('href', '#produktauswahl')
  await expectOnFirstScreen(figure)
  await expectOnFirstScreen(cta)
  // The product choice follows the hero directly, not after the steps or a second banner.
  const choice = page.getByRole('region', { name: 'Was möchten Sie empfehlen?' })
  const heroBox = (await hero.boundingBox())!
  const choiceBox = (await choice.boundingBox())!
  expect(choiceBox.y - (heroBox.y + heroBox.height)).toBeLessThan(80)
  await cta.click()
  await expect(page).toHaveURL(/\/demo#produktauswahl$/)
  await expect(choice.getByRole('heading', { level: 2 })).toBeInViewport()
  await expect(choice.getByRole('link', { name: 'Internet & Telefon ansehen' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  await shoot(page, 'home')
})

test('a category page: the reward first, compact cards with pictures of their own, a period note only where the amount changes (findings 3, 4)', async ({
  page,
}) => {
  await openPage(page, '/demo/internet')
  await onlyRequiredCookies(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  const hero = page.locator('.hero')
  await expect(hero).toHaveCount(1)
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Internet & Telefon')
  await expect(hero.locator('[data-reward-figure]')).toHaveText(
    new RegExp(`^70${EUR}Prämie für jeden erfolgreichen Vertrag$`),
  )
  const cta = hero.getByRole('link', { name: 'Jetzt empfehlen' })
  await expect(cta).toHaveAttribute('href', '#angebote')
  await expectOnFirstScreen(cta)

  // Every card is well under one phone screen and has a picture of its own.
  const count = await tiles(page).count()
  expect(count).toBeGreaterThan(2)
  const pictures = new Set<string>()
  for (const tile of await tiles(page).all()) {
    const box = (await tile.boundingBox())!
    expect(box.height).toBeLessThan(PHONE.height * 0.75)
    const src = (await tile.locator('img').getAttribute('src'))!
    const response = await page.request.get(src)
    expect(response.status()).toBe(200)
    pictures.add(await response.text())
  }
  expect(pictures.size).toBe(count)

  // The figure on the card; the period sentence only where the amount changes.
  const zuhauseM = tiles(page).filter({ has: page.getByRole('heading', { name: 'Lumenta Zuhause M' }) })
  await expect(zuhauseM.getByText(new RegExp(`^70${EUR} Prämie$`))).toBeVisible()
  await expect(
    zuhauseM.getByText(new RegExp(`^Ab ${DATE}: 75${EUR} Prämie \\(bisher 70${EUR}\\)\\.$`)),
  ).toBeVisible()
  await expect(offers(page).getByText(/^Für .* gibt es bis/)).toHaveCount(0)
  await expectNoAxeViolations(page)
  await shoot(page, 'category')

  // Glass fibre keeps its amount into the next period: no card repeats it.
  await openPage(page, '/demo/glasfaser')
  await expect(page.locator('.hero [data-reward-figure]')).toHaveText(
    new RegExp(`^bis zu 90${EUR}Prämie für jeden erfolgreichen Vertrag$`),
  )
  for (const note of await offers(page).locator('.product-tile__reward').allTextContents()) {
    const change = note.replace(/\u00a0/g, ' ').match(/: (\d+) € Prämie \(bisher (\d+) €\)/)
    if (change) expect(change[1]).not.toBe(change[2])
  }
})

test('mobile tariffs: a chosen tariff shows its offers with the filter in view, a way back and the tariff without a device (finding 5)', async ({
  page,
}) => {
  await openPage(page, '/demo/smartphone-tarife.html')
  await onlyRequiredCookies(page)
  const mobilS = tiles(page).filter({
    has: page.getByRole('heading', { name: 'Lumenta Mobil S', exact: true }),
  })
  // A tariff can be recommended without a phone (SIM only).
  await expect(mobilS.getByRole('link', { name: 'Lumenta Mobil S ohne Gerät empfehlen' })).toHaveAttribute(
    'href',
    '/demo/empfehlen/532?kategorie=smartphone-tarife.html#empfehlen-form',
  )
  await shoot(page, 'tariffs')
  await mobilS.getByRole('link', { name: 'Lumenta Mobil S auswählen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/smartphones.html', 'tarifId=532'))
  await expect(page.getByText('Ihr Tarif: Lumenta Mobil S')).toBeVisible()
  await expect(page.getByLabel('Tarif')).toHaveValue('532')
  await expect(page.getByRole('status').filter({ hasText: 'Angebote mit Lumenta Mobil S' })).toHaveText(
    '2 Angebote mit Lumenta Mobil S',
  )
  const names = await offers(page).getByRole('heading', { level: 3 }).allTextContents()
  expect(names).toHaveLength(2)
  for (const name of names) expect(name).toMatch(/\+ Lumenta Mobil S$/)
  // Device and tariff texts stand on lines of their own.
  for (const tile of await tiles(page).all()) {
    const lines = await tile.locator('.product-tile__features li').allTextContents()
    expect(lines.some((line) => /^(\d+ GB|Unbegrenztes) Datenvolumen/.test(line))).toBe(true)
    for (const line of lines) expect(line).not.toMatch(/\S \d+ GB Datenvolumen/)
  }
  await expect(page.getByRole('link', { name: 'Lumenta Mobil S ohne Gerät empfehlen' })).toHaveAttribute(
    'href',
    '/demo/empfehlen/532?kategorie=smartphone-tarife.html#empfehlen-form',
  )
  await expectNoAxeViolations(page)
  await shoot(page, 'devices-filtered')
  await page.getByRole('link', { name: 'Anderen Tarif wählen (Smartphone-Tarife)' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/smartphone-tarife.html'))
})

test('the recommend form: a card lands on product and reward, the breadcrumb names the page one came from, footnotes after the form, the share choice explains the cap (finding 6)', async ({
  page,
}) => {
  await openPage(page, '/demo/smartphones.html?tarifId=532')
  await onlyRequiredCookies(page)
  await page.getByRole('link', { name: 'Taiga Pine 3 + Lumenta Mobil S jetzt empfehlen' }).click()
  await expect(page).toHaveURL(/\/demo\/empfehlen\/1013\?kategorie=smartphones\.html#empfehlen-form$/)
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText('Taiga Pine 3 + Lumenta Mobil S empfehlen')
  await expect(title).toBeInViewport()
  const product = page.getByRole('region', { name: 'Taiga Pine 3 + Lumenta Mobil S' })
  await expect(product.getByText(new RegExp(`^50${EUR} Prämie$`))).toBeInViewport()
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByRole('link')).toHaveText(['Startseite', 'Geräte', 'Smartphones'])
  await expect(page.getByRole('link', { name: 'Anderes Produkt wählen' })).toHaveAttribute(
    'href',
    '/demo/smartphones.html',
  )
  // The footnotes come after the form, not between product and form.
  const submit = page.getByRole('button', { name: 'Empfehlung erstellen' })
  const footnotes = page.getByRole('region', { name: 'Fußnoten' })
  expect((await footnotes.boundingBox())!.y).toBeGreaterThan((await submit.boundingBox())!.y)

  // 70 €, the friend's part capped at 55 €: giving away brings less, and the form says why.
  await openPage(page, '/demo/empfehlen/462?kategorie=internet')
  await expect(breadcrumb.getByRole('link')).toHaveText(['Startseite', 'Internet & Telefon'])
  const share = page.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
  await expect(share.getByText(new RegExp(`^70${EUR} für Sie$`))).toBeVisible()
  await expect(share.getByText(new RegExp(`^je 35${EUR} für Sie und Ihren Freund$`))).toBeVisible()
  await expect(share.getByText(new RegExp(`^55${EUR} für Ihren Freund$`))).toBeVisible()
  await expect(
    share.getByText(new RegExp(`^Ihr Freund kann höchstens 55${EUR} Prämie erhalten\\.`)),
  ).toBeVisible()
  // An unknown category in the address falls back to the product's own page.
  await openPage(page, '/demo/empfehlen/462?kategorie=..%2Fpersoenlicherbereich')
  await expect(breadcrumb.getByRole('link')).toHaveText(['Startseite', 'Internet & Telefon'])
  await expectNoAxeViolations(page)
  await shoot(page, 'recommend')
})

test('the reward overview: grouped tables, scannable on a phone (finding 16)', async ({ page }) => {
  await openPage(page, '/demo/aktuellepraemienuebersicht')
  await onlyRequiredCookies(page)
  const tables = page.getByRole('region', { name: 'Prämien nach Produktkategorie' }).getByRole('table')
  await expect(tables).toHaveCount(6)
  const fixed = page.getByRole('table', { name: 'Internet & Festnetz' })
  const row = (name: string) =>
    fixed.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  await expect(row('Internet & Telefon').getByRole('cell')).toHaveText(
    new RegExp(`^70${EUR} bis ${DATE}ab ${DATE}: 75${EUR}$`),
  )
  // Glass fibre keeps 90 € into the next period: no second line saying the same.
  await expect(row('Glasfaser').getByRole('cell')).toHaveText(
    new RegExp(`^bis zu 90${EUR} (bis ${DATE}|unbefristet)$`),
  )
  await expect(row('Glasfaser').getByRole('link', { name: 'Glasfaser' })).toHaveAttribute(
    'href',
    '/demo/glasfaser',
  )
  const rows = await page.getByRole('rowheader').count()
  expect(rows).toBeGreaterThan(20)
  // The tables of all categories take a few phone screens, not ten.
  const tablesHeight = await page
    .getByRole('region', { name: 'Prämien nach Produktkategorie' })
    .evaluate((el) => el.getBoundingClientRect().height)
  expect(tablesHeight).toBeLessThan(PHONE.height * 3.5)
  await expectNoAxeViolations(page)
  await shoot(page, 'reward-overview')
})

test('demo-closed: the login gate explains the closed programme, promises nothing it lacks and asks about cookies (finding 14)', async ({
  page,
}) => {
  await page.goto('/demo-closed')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden')
  await expect(banner(page)).toBeVisible()
  const benefit = page.getByRole('region', { name: 'Das bringt Ihnen „Fjordnet Kunden werben Kunden“' })
  await expect(benefit).toContainText(new RegExp(`bis zu 90${EUR}`))
  const steps = page.getByRole('region', { name: 'So funktioniert es' })
  await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['Anmelden', 'Empfehlen', 'Freuen'])
  await expect(steps.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute(
    'href',
    '/demo-closed/registrieren',
  )
  await expect(page.getByText(/ersten Empfehlung|Sportpaket|110/)).toHaveCount(0)
  await expectNoAxeViolations(page)
  await onlyRequiredCookies(page)
  await shoot(page, 'closed-gate')

  // Logged in: home speaks of its own rewards, in whole sentences.
  await logIn(page, DEMO_CLOSED)
  await openPage(page, '/demo-closed')
  await expect(page.locator('.hero [data-reward-figure]')).toHaveText(
    new RegExp(`^bis zu 90${EUR}Prämie für jeden erfolgreichen Vertrag$`),
  )
  await expect(page.getByText(/Mit dem Fjordnet|Sportpaket|110\s€/)).toHaveCount(0)
  await shoot(page, 'closed-home')
})
