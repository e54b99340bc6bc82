import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { freshEmail } from './accounts-support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { expectNoAxeViolations, openPage, saveScreenshot, TEXT } from './support'

// The tenant settings that change the recommend screens (SPEC §3 configuration: display flags, §9
// agent search page size; issue 18), each flipped against the demo tenant's defaults on a test tenant
// of its own with the demo catalogue (operator PUT /api/v1/mandant/{tenant}, dev tool
// /api/dev/demokatalog). Disable*Input fix the values an invitation fills in (recommend-form.test.tsx);
// TokenCheckIntervalSeconds, SmoothScrollMs and ChunkTimeoutMs act in the browser over time
// (session-watch, smooth-scroll, chunk-recovery tests with fake timers).

const OPERATOR = { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` }

async function tenantWith(request: APIRequestContext, label: string, settings: Record<string, unknown>) {
  const slug = `${label}-${randomUUID().slice(0, 6)}`
  const created = await request.put(`/api/v1/mandant/${slug}`, {
    headers: OPERATOR,
    data: {
      Name: 'Flaggenwerk',
      ProgrammName: 'Flaggenwerk Freunde-Bonus',
      SupportEmail: 'hilfe@flaggenwerk.example',
      MandantUrl: 'https://www.flaggenwerk.example',
      apiRoute: `/${slug}`,
      ...settings,
    },
  })
  expect(created.status()).toBe(200)
  expect((await request.put(`/api/dev/demokatalog/${slug}?von=demo`)).status()).toBe(200)
  return slug
}

const recommendForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: 'Empfehlung erstellen' }) })
/** Where a tile's link (#empfehlen-form) lands: above the product, so CtaOffset applies there. */
const scrollMargin = (page: Page) =>
  page.locator('#empfehlen-form').evaluate((target) => getComputedStyle(target).scrollMarginTop)

test('Product, MarketingText, AcceptTermsOnButtonClick and CtaOffset change the recommend form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The demo tenant's defaults: product shown, no marketing text, the terms checkbox, no offset.
  await openPage(page, '/demo/empfehlen/462')
  await expect(page.getByRole('region', { name: 'Lumenta Zuhause M' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Empfehlen lohnt sich' })).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: /Ich akzeptiere die Teilnahmebedingungen/ })).toBeVisible()
  expect(await scrollMargin(page)).toBe('0px')

  const slug = await tenantWith(page.request, 'flaggen-a', {
    Display: { Product: false, MarketingText: true, AcceptTermsOnButtonClick: true, CtaOffset: 120 },
  })
  await openPage(page, `/${slug}/empfehlen/462`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumenta Zuhause M empfehlen')
  await expect(page.getByRole('region', { name: 'Lumenta Zuhause M' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Fußnoten' })).toHaveCount(0)
  const marketing = page.getByRole('region', { name: 'Empfehlen lohnt sich' })
  await expect(marketing).toContainText(
    /^Empfehlen lohnt sichFür jeden Freund, der über Ihren persönlichen Link Lumenta Zuhause M bestellt, gibt es 70\s€ Prämie/,
  )
  await expect(page.getByRole('checkbox', { name: /Ich akzeptiere die Teilnahmebedingungen/ })).toHaveCount(0)
  await expect(recommendForm(page)).toContainText(
    'Mit Klick auf „Empfehlung erstellen“ akzeptieren Sie die Teilnahmebedingungen und die Bedingungen für eine erfolgreiche Prämierung und bestätigen, dass Sie die Datenschutzhinweise gelesen haben.',
  )
  expect(await scrollMargin(page)).toBe('120px')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'display-flags-recommend-phone')

  // The button alone accepts the terms: the recommendation goes on to the opt-in.
  await page.getByLabel('Vorname').fill('Flora')
  await page.getByLabel('Nachname').fill('Flagge')
  await page.getByLabel('E-Mail-Adresse').fill(freshEmail('flaggen'))
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/bestaetigung$`))
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre Teilnahme' })).toBeVisible()
})

test('BountyNotice, Carousel and FooterText change the home page', async ({ page }) => {
  const bounty = 'Wie hoch Ihre Prämie ist, richtet sich nach dem Produkt, das Ihr Freund bestellt.'
  const footer = TEXT.de.footerText
  await openPage(page, '/demo')
  await expect(page.locator('.hero').getByText(bounty)).toBeVisible()
  await expect(page.getByRole('contentinfo').getByText(footer)).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Unsere aktuellen Prämien' })).toHaveCount(0)

  const slug = await tenantWith(page.request, 'flaggen-d', {
    Display: { BountyNotice: false, Carousel: true, FooterText: false },
  })
  await openPage(page, `/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('.hero').getByText(bounty)).toHaveCount(0)
  await expect(page.getByRole('contentinfo').getByText(footer)).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Unsere aktuellen Prämien' })).toBeVisible()
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible()
})

test('Banknotes and StackedLayout change the product tiles and the recommend layout', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const banknotes = (p: Page) => p.locator('.product-tile__badge [data-banknote]')
  const beside = async (p: Page) => {
    const product = await p.getByRole('region', { name: 'Lumenta Zuhause M' }).boundingBox()
    const form = await recommendForm(p).boundingBox()
    return form!.x >= product!.x + product!.width
  }
  await openPage(page, '/demo')
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await expect(banknotes(page).first()).toBeVisible()
  await openPage(page, '/demo/empfehlen/462')
  await expect(banknotes(page)).toHaveCount(1)
  expect(await beside(page)).toBe(true)

  const slug = await tenantWith(page.request, 'flaggen-b', {
    Display: { Banknotes: false, StackedLayout: true },
  })
  await openPage(page, `/${slug}`)
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'Lumenta Zuhause M' }).first()).toContainText(
    'Prämie',
  )
  await expect(banknotes(page)).toHaveCount(0)
  await openPage(page, `/${slug}/empfehlen/462`)
  await expect(banknotes(page)).toHaveCount(0)
  expect(await beside(page)).toBe(false)
  const product = await page.getByRole('region', { name: 'Lumenta Zuhause M' }).boundingBox()
  const form = await recommendForm(page).boundingBox()
  expect(form!.y).toBeGreaterThanOrEqual(product!.y + product!.height)
  await saveScreenshot(page, 'display-flags-stacked-desktop')
})

test('AgentSearchPageSize sets how many agents a page of the search shows', async ({ page }) => {
  const slug = await tenantWith(page.request, 'flaggen-c', {
    ModuleAgentRecommendation: true,
    Limits: { AgentSearchPageSize: 4 },
  })
  for (const [tenant, size] of [
    ['demo', 6],
    [slug, 4],
  ] as const) {
    await openPage(page, `/${tenant}/agent/empfehlen/462?suche=Berlin`)
    const region = page.getByRole('region', { name: 'Welcher Berater hat Sie beraten?' })
    await expect(region.getByRole('status')).toHaveText(/^\d+ Berater gefunden$/)
    const found = Number((await region.getByRole('status').innerText()).split(' ')[0])
    await expect(region.getByRole('listitem')).toHaveCount(Math.min(size, found))
    await expect(page.getByRole('navigation', { name: 'Seiten der Suchergebnisse' })).toContainText(
      `Seite 1 von ${Math.ceil(found / size)}`,
    )
  }
})
