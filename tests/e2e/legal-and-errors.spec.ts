import { expect, test } from '@playwright/test'
import {
  LOCALES,
  TENANTS,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  openPage,
  prefix,
  saveScreenshot,
} from './support'

// ModuleAdv (SPEC §2.4): the imprint redirects to home on demo-closed and is shown on demo.
test('the imprint of demo is shown in German and English', async ({ page }) => {
  // Its text comes from the tenant's content (tests/e2e/content.spec.ts walks it section by section).
  for (const [path, title] of [
    ['/demo/impressum', 'Impressum'],
    ['/demo/en/impressum', 'Imprint'],
  ] as const) {
    await openPage(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('main')).toContainText('Lumenta Telekom')
    await expect(
      page.getByRole('main').getByRole('link', { name: 'empfehlen@lumenta.example' }).first(),
    ).toHaveAttribute('href', 'mailto:empfehlen@lumenta.example')
    await expectNoAxeViolations(page)
  }
})

test('the imprint of demo-closed (ModuleAdv) redirects to its home', async ({ request }) => {
  for (const locale of LOCALES) {
    const base = locale === 'de' ? '/demo-closed' : '/demo-closed/en'
    const response = await request.get(`${base}/impressum`, { maxRedirects: 0 })
    expect(response.status(), `${base}/impressum`).toBe(307)
    // Next 16 sends the Location header twice on the first (uncached) render; both name home.
    const locations = response.headersArray().filter((h) => h.name.toLowerCase() === 'location')
    expect(locations.length).toBeGreaterThan(0)
    expect(new Set(locations.map((h) => h.value))).toEqual(new Set([base]))
  }
})

// SPEC §2.1: unknown paths redirect to /404; the 404 page says 'Ihre Anfrage konnte nicht verarbeitet werden.'
for (const tenant of TENANTS) {
  for (const locale of LOCALES) {
    test(`an unknown path of ${tenant.slug} (${locale}) redirects to its 404 page`, async ({ page }) => {
      const text = TEXT[locale]
      const base = prefix(tenant, locale)
      await openPage(page, `${base}/diese-seite-gibt-es-nicht`)
      await expect(page).toHaveURL(exactUrl(`${base}/404`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notFoundTitle)
      await expect(page.getByText(text.notFoundMessage)).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-brand', tenant.brand)
      await expect(page.getByRole('main').getByRole('link')).toHaveAttribute('href', base)
      await expectNoAxeViolations(page)
      await saveScreenshot(page, `404-${tenant.slug}-${locale}`)
    })
  }
}

test('deep unknown paths redirect to /404 too, and /404 answers with status 404', async ({ request }) => {
  const deep = await request.get('/demo/a/b/c.html', { maxRedirects: 0 })
  expect(deep.status()).toBe(307)
  expect(deep.headers()['location']).toBe('/demo/404')
  const notFound = await request.get('/demo/404')
  expect(notFound.status()).toBe(404)
  expect(await notFound.text()).toContain(TEXT.de.notFoundMessage)
})

test('an unknown recommendation number says so and leads to the code entry', async ({ page }) => {
  const response = await page.goto('/demo/empfehlung/ABCDEFGHJK')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Empfehlung finden wir nicht')
  await expect(page).toHaveTitle(/^Seite nicht gefunden – /)
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, '404-recommendation')
  await page.getByRole('main').getByRole('link', { name: 'Empfehlungscode eingeben' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/code'))
  // The same for the friend's data form, in English on the English site.
  const english = await page.goto('/demo/en/empfaengerdaten/ABCDEFGHJK')
  expect(english?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We cannot find this recommendation')
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Enter recommendation code' }),
  ).toHaveAttribute('href', '/demo/en/code')
})

test('an unknown tenant gets the not-found page, in the locale of the path', async ({ page }) => {
  const paths = [
    { path: '/nope', locale: 'de' },
    { path: '/nope/login', locale: 'de' },
    { path: '/nope/en', locale: 'en' },
  ] as const
  for (const { path, locale } of paths) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[locale].notFoundTitle)
    await expect(page.getByText(TEXT[locale].notFoundMessage)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expectNoAxeViolations(page)
  }
})

test('a path outside every tenant gets the global not-found page', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.notFoundTitle)
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
  await expect(
    page.getByText('Dieses Empfehlungsportal gibt es nicht. Bitte prüfen Sie die Adresse.'),
  ).toBeVisible()
  await expectNoAxeViolations(page)
})

// SPEC §2.1: /exklusiv and /exclusiv redirect to /code and keep the query.
for (const tenant of TENANTS) {
  for (const locale of LOCALES) {
    test(`/exklusiv and /exclusiv of ${tenant.slug} (${locale}) redirect to /code with the query`, async ({
      request,
    }) => {
      const base = prefix(tenant, locale)
      for (const alias of ['exklusiv', 'exclusiv']) {
        const response = await request.get(`${base}/${alias}?code=FREUND-42&c=flyer`, { maxRedirects: 0 })
        expect(response.status(), `${base}/${alias}`).toBe(307)
        expect(response.headers()['location']).toBe(`${base}/code?code=FREUND-42&c=flyer`)
      }
    })
  }
}
