import { expect, test } from '@playwright/test'
import { SPEC_CATEGORY_PAGES } from '../support/spec'
import { exactUrl, expectNoAxeViolations, openPage, saveScreenshot } from './support'

// SPEC §2.3 category pages of the demo tenant: title, breadcrumb, subtitle, product tiles with their
// reward texts and buttons; mobile tariff pages lead to the device pages, whose filters work.

test('every category page of SPEC §2.3 shows its title and offers', async ({ page }) => {
  for (const path of SPEC_CATEGORY_PAGES) {
    const response = await page.goto(`/demo/${path}`)
    expect([path, response?.status()]).toEqual([path, 200])
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty()
    const tiles = page
      .getByRole('region', { name: 'Angebote' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 3 }),
      })
    expect([path, await tiles.count()]).not.toEqual([path, 0])
  }
})

test('a fixed-line page: breadcrumb, subtitle, tiles with reward periods and the recommend button', async ({
  page,
}) => {
  await openPage(page, '/demo')
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/internet'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internet & Telefon')
  await expect(
    page.getByText('Schnelles DSL mit Festnetz-Flatrate – für jeden Bedarf die passende Geschwindigkeit.'),
  ).toBeVisible()
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByRole('link', { name: 'Startseite' })).toBeVisible()
  await expect(breadcrumb.getByText('Internet & Telefon')).toHaveAttribute('aria-current', 'page')

  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Lumenta Zuhause M' }) })
  await expect(tile.getByText(/^70\s€ Prämie$/)).toBeVisible()
  await expect(tile.getByText(/^Ab \d\d\.\d\d\.\d{4}: 75\s€ Prämie \(bisher 70\s€\)\.$/)).toBeVisible()
  await expect(tile.getByText(/mtl\./)).toBeVisible()
  await expect(tile.getByRole('link', { name: 'Lumenta Zuhause M jetzt empfehlen' })).toHaveAttribute(
    'href',
    '/demo/empfehlen/462?kategorie=internet#empfehlen-form',
  )
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'category-internet-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'category-internet-phone')

  await openPage(page, '/demo/internet/hybrid')
  await expect(breadcrumb.getByRole('link', { name: 'Internet & Telefon' })).toHaveAttribute(
    'href',
    '/demo/internet',
  )
  await expect(breadcrumb.getByText('Hybrid-Tarife')).toHaveAttribute('aria-current', 'page')
})

test('a tariff page leads to the devices with that tariff; the filters narrow the offers', async ({
  page,
}) => {
  await openPage(page, '/demo/smartphone-tarife.html')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartphone-Tarife')
  await page.getByRole('link', { name: 'Lumenta Mobil M auswählen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/smartphones.html', 'tarifId=531'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartphones')
  const tariff = page.getByLabel('Tarif')
  await expect(tariff).toHaveValue('531')
  const tiles = page.getByRole('region', { name: 'Angebote' }).getByRole('heading', { level: 3 })
  const withTariff = await tiles.count()
  expect(withTariff).toBeGreaterThan(0)
  for (const name of await tiles.allTextContents()) expect(name).toMatch(/\+ Lumenta Mobil M$/)
  await page.getByLabel('Hersteller').selectOption('Nordphone')
  for (const name of await tiles.allTextContents()) expect(name).toMatch(/^Nordphone .*\+ Lumenta Mobil M$/)
  await expect(page.getByRole('status').filter({ hasText: /Angebot/ })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'category-smartphones-filtered')
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click()
  await expect(tariff).toHaveValue('')
  expect(await tiles.count()).toBeGreaterThan(withTariff)
})

test('category pages speak English under /en', async ({ page }) => {
  await openPage(page, '/demo/en/internet')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internet & phone')
  await expect(page.getByRole('link', { name: 'Recommend Lumenta Home M now' })).toHaveAttribute(
    'href',
    '/demo/en/empfehlen/462?kategorie=internet#empfehlen-form',
  )
  await expectNoAxeViolations(page)
})
