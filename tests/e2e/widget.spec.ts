import { expect, test } from '@playwright/test'
import { DEMO, DEMO_CLOSED, TEXT, exactUrl, loginRedirectUrl, openPage, submitLogin } from './support'

// SPEC §1, §2.4: widget mode (query parameter widget) is carried across every navigation.

test('a link in the page followed in widget mode keeps widget=1', async ({ page }) => {
  await openPage(page, '/demo/impressum?widget=1')
  await page
    .getByRole('navigation', { name: 'Brotkrumennavigation' })
    .getByRole('link', { name: 'Startseite' })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('the header login link followed in widget mode keeps widget=1', async ({ page }) => {
  await openPage(page, '/demo?widget=1')
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/login', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
})

test('an English page in widget mode keeps widget=1 and its language', async ({ page }) => {
  await openPage(page, '/demo/en/faq?widget=1')
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.homeHeadline)
})

test('a login-required redirect keeps widget=1, and so does the target after login', async ({ page }) => {
  await openPage(page, '/demo/persoenlicherbereich?widget=1')
  await expect(page).toHaveURL(
    loginRedirectUrl('/demo/login', { path: '/persoenlicherbereich', params: {} }, 'widget=1'),
  )
  await expect(page.getByText(TEXT.de.redirectNotice)).toBeVisible()
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
})

test('the unknown-path redirect keeps widget=1', async ({ page }) => {
  await openPage(page, '/demo/gibt-es-nicht?widget=1')
  await expect(page).toHaveURL(exactUrl('/demo/404', 'widget=1'))
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
})

test('the forced-login redirect in the browser keeps widget=1 (demo-closed)', async ({ page }) => {
  await page.goto('/demo-closed?widget=1')
  await expect(page).toHaveURL(loginRedirectUrl('/demo-closed/login', { path: '/', params: {} }, 'widget=1'))
  await submitLogin(page, DEMO_CLOSED.user.email)
  await expect(page).toHaveURL(exactUrl('/demo-closed', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('logging out in widget mode keeps widget=1', async ({ page }) => {
  await openPage(page, '/demo/login?widget=1')
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich', 'widget=1'))
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.logout })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/logout', 'widget=1'))
  await page.getByRole('main').getByRole('button', { name: TEXT.de.logout }).click()
  await expect(page).toHaveURL(exactUrl('/demo', 'widget=1'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('widget mode drops the portal frame: no brand bar, footer or cookie banner; without it they are there', async ({
  page,
}) => {
  // The brand bar goes; only the session links stay, as a slim row.
  const header = page.locator('header.site-header').getByRole('link', { name: /Startseite/ })
  const footer = page.locator('footer')
  const cookieBanner = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await openPage(page, '/demo/faq')
  await expect(header).toBeVisible()
  await expect(footer.first()).toBeVisible()
  await expect(cookieBanner).toBeVisible()

  await openPage(page, '/demo/faq?widget=1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(header).toBeHidden()
  await expect(footer.first()).toBeHidden()
  await expect(cookieBanner).toBeHidden()
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TEXT.de.login }),
  ).toBeVisible()
  // Carried across a navigation inside the widget, the frame stays away.
  await page
    .getByRole('navigation', { name: 'Brotkrumennavigation' })
    .getByRole('link', { name: 'Startseite' })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo', 'widget=1'))
  await expect(header).toBeHidden()
  await expect(cookieBanner).toBeHidden()
})
