import { expect, test } from '@playwright/test'
import {
  DEMO_CLOSED,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  loginRedirectUrl,
  openPage,
  submitLogin,
} from './support'

// SPEC §2.4, ModuleErzwingeLogin (demo-closed): every route outside the whitelist sends a visitor
// without login to login. Home is a cached page, so the rule runs in the browser: the final URL counts.
const GATE = 'Ihre Anmeldung wird geprüft …'

test('home sends a visitor without login to login, and after login home is shown', async ({ page }) => {
  await page.goto('/demo-closed')
  await expect(page).toHaveURL(loginRedirectUrl('/demo-closed/login', { path: '/', params: {} }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page.getByText(TEXT.de.redirectNotice)).toBeVisible()
  await expect(page.getByText(TEXT.de.homeHeadline)).toHaveCount(0)

  await submitLogin(page, DEMO_CLOSED.user.email)
  await expect(page).toHaveURL(exactUrl('/demo-closed'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await expect(
    page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: TEXT.de.personalArea }),
  ).toBeVisible()
  await expect(page.getByText(GATE)).toHaveCount(0)
})

test('the English home keeps its query in the redirect parameter', async ({ page }) => {
  await page.goto('/demo-closed/en?c=herbst')
  await expect(page).toHaveURL(
    loginRedirectUrl('/demo-closed/en/login', { path: '/', params: { c: 'herbst' } }),
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.login)
  await expect(page.getByText(TEXT.en.redirectNotice)).toBeVisible()
  await submitLogin(page, DEMO_CLOSED.user.email, undefined, 'en')
  // Jonas's account language is German.
  await expect(page).toHaveURL(exactUrl('/demo-closed', 'c=herbst'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('the 404 page stays reachable without login', async ({ page }) => {
  await openPage(page, '/demo-closed/404')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.notFoundTitle)
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
  await expect(page.getByText(GATE)).toHaveCount(0)
  await expect(page).toHaveURL(exactUrl('/demo-closed/404'))
})

test('the login page stays reachable without login and says why', async ({ page }) => {
  await openPage(page, '/demo-closed/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(
    page.getByText('Dieses Portal steht nur angemeldeten Teilnehmern offen. Bitte melden Sie sich an.'),
  ).toBeVisible()
  await expect(page.getByText(GATE)).toHaveCount(0)
  await expect(page).toHaveURL(exactUrl('/demo-closed/login'))
  await expectNoAxeViolations(page)
})

test('the imprint (ModuleAdv) goes to home, and home to login', async ({ page }) => {
  await page.goto('/demo-closed/impressum')
  await expect(page).toHaveURL(loginRedirectUrl('/demo-closed/login', { path: '/', params: {} }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
})

test('unknown paths lead to the reachable 404 page', async ({ page }) => {
  await openPage(page, '/demo-closed/gibt-es-nicht')
  await expect(page).toHaveURL(exactUrl('/demo-closed/404'))
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
  await expect(page.getByText(GATE)).toHaveCount(0)
})

test('the personal area of demo-closed requires login (checked on the server)', async ({ request }) => {
  const response = await request.get('/demo-closed/persoenlicherbereich', { maxRedirects: 0 })
  expect(response.status()).toBe(307)
  expect(response.headers()['location']).toBe(
    `/demo-closed/login?${new URLSearchParams({ redirect: JSON.stringify({ path: '/persoenlicherbereich', params: {} }) })}`,
  )
})
