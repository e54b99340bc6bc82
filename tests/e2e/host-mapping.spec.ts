import { expect, test } from '@playwright/test'
import {
  CLOSED_HOST,
  DEMO,
  DEMO_HOST,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  loginRedirectUrl,
  openPage,
  submitLogin,
} from './support'

// A tenant on its own host (TENANT_HOSTS, set when the test build was made): no /{tenant} prefix.

test('demo.localhost serves the demo home with links without the tenant prefix', async ({ page }) => {
  await openPage(page, `${DEMO_HOST}/`)
  await expect(page).toHaveURL(exactUrl('/', '', DEMO_HOST))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await expect(page.locator('html')).toHaveAttribute('data-brand', DEMO.brand)
  await expect(
    page.getByRole('link', { name: `${DEMO.programme} ${DEMO.name} – ${TEXT.de.homeLink}` }),
  ).toHaveAttribute('href', '/')
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TEXT.de.login }),
  ).toHaveAttribute('href', '/login')
  await expect(
    page.getByRole('navigation', { name: TEXT.de.legalTitle }).getByRole('link', { name: TEXT.de.imprint }),
  ).toHaveAttribute('href', '/impressum')
  await expect(
    page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }),
  ).toHaveAttribute('href', '/en')
  await expect(page.getByRole('region', { name: TEXT.de.categoriesTitle }).getByRole('listitem')).toHaveCount(
    DEMO.categories,
  )
  await expectNoAxeViolations(page)
})

test('demo.localhost/en shows the English home', async ({ page }) => {
  await openPage(page, `${DEMO_HOST}/en`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.homeHeadline)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: TEXT.en.login }),
  ).toHaveAttribute('href', '/en/login')
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(exactUrl('/', '', DEMO_HOST))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('English pages below /en work on the mapped host', async ({ page }) => {
  await openPage(page, `${DEMO_HOST}/en/impressum`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint')
  await openPage(page, `${DEMO_HOST}/en/login`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.login)
})

test('login on the mapped host: redirect parameter, cookie and return without prefix', async ({ page }) => {
  await openPage(page, `${DEMO_HOST}/persoenlicherbereich`)
  await expect(page).toHaveURL(
    loginRedirectUrl('/login', { path: '/persoenlicherbereich', params: {} }, '', DEMO_HOST),
  )
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/persoenlicherbereich', '', DEMO_HOST))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
  const logout = page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.logout })
  await expect(logout).toHaveAttribute('href', '/logout')

  await logout.click()
  await expect(page).toHaveURL(exactUrl('/logout', '', DEMO_HOST))
  await page.getByRole('main').getByRole('button', { name: TEXT.de.logout }).click()
  await expect(page).toHaveURL(exactUrl('/', '', DEMO_HOST))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TEXT.de.login }),
  ).toBeVisible()
})

test('the favicon is served on the mapped host', async ({ page }) => {
  const response = await page.goto(`${DEMO_HOST}/icon.svg`)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toContain('image/svg+xml')
})

test('unknown paths and the exklusiv alias on the mapped host', async ({ page }) => {
  await openPage(page, `${DEMO_HOST}/gibt-es-nicht`)
  await expect(page).toHaveURL(exactUrl('/404', '', DEMO_HOST))
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()

  const response = await page.goto(`${DEMO_HOST}/exklusiv?code=FREUND-42`)
  // The first hop of the redirect chain is the alias redirect to /code (the code screen comes later).
  let first = response?.request()
  while (first?.redirectedFrom()) first = first.redirectedFrom() ?? undefined
  expect(first?.url()).toBe(`${DEMO_HOST}/exklusiv?code=FREUND-42`)
  expect(first?.redirectedTo()?.url()).toBe(`${DEMO_HOST}/code?code=FREUND-42`)
  await expect(page.getByRole('main')).toBeVisible()
})

test('closed.localhost forces login like /demo-closed', async ({ page }) => {
  await page.goto(`${CLOSED_HOST}/`)
  await expect(page).toHaveURL(loginRedirectUrl('/login', { path: '/', params: {} }, '', CLOSED_HOST))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page.getByRole('link', { name: TEXT.de.imprint })).toHaveCount(0)
})
