import { expect, test, type Browser } from '@playwright/test'
import { DEMO, TEXT, exactUrl, expectNoAxeViolations, logIn, openPage, submitLogin } from './support'

// The account language (SPEC §3 User.language): stored in my data, it selects the locale after every
// login.

const SAVED = 'sprache=gespeichert#language-title'

/** Puts Anna's account language back to German whatever state a failed run left it in. */
async function resetToGerman(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await openPage(page, '/demo/login')
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(/\/demo(\/en)?\/persoenlicherbereich$/)
  if (new URL(page.url()).pathname.startsWith('/demo/en/')) {
    await openPage(page, '/demo/en/meinedaten')
    await page.getByRole('combobox', { name: TEXT.en.accountLanguage }).selectOption({ label: 'Deutsch' })
    await page.getByRole('button', { name: TEXT.en.saveLanguage }).click()
    await expect(page).toHaveURL(exactUrl('/demo/meinedaten', SAVED))
  }
  await context.close()
}

test.afterAll(async ({ browser }) => {
  await resetToGerman(browser)
})

test('English as account language: the area switches, and every later login opens in English', async ({
  page,
}) => {
  await logIn(page, DEMO)
  await page.getByRole('main').getByRole('link', { name: 'Meine Daten verwalten' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/meinedaten'))
  const select = page.getByRole('combobox', { name: TEXT.de.accountLanguage })
  await expect(select).toHaveValue('de')
  await select.selectOption({ label: 'English' })
  await page.getByRole('button', { name: TEXT.de.saveLanguage }).click()

  await expect(page).toHaveURL(exactUrl('/demo/en/meinedaten', SAVED))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My data')
  await expect(page.getByRole('status').filter({ hasText: 'Your language has been saved.' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('combobox', { name: TEXT.en.accountLanguage })).toHaveValue('en')
  await expectNoAxeViolations(page)

  // Log out (English screens) and log in again from the German login page.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: TEXT.en.logout })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/en/logout'))
  await page.getByRole('main').getByRole('button', { name: TEXT.en.logout }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en'))
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: TEXT.en.login }),
  ).toBeVisible()

  await openPage(page, '/demo/login')
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/en/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.user.fullName}`)

  // A German redirect target opens in English too.
  await page.context().clearCookies()
  await openPage(page, '/demo/persoenlicherbereich?x=1')
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/en/persoenlicherbereich', 'x=1'))

  // Back to German.
  await openPage(page, '/demo/en/meinedaten')
  await page.getByRole('combobox', { name: TEXT.en.accountLanguage }).selectOption({ label: 'Deutsch' })
  await page.getByRole('button', { name: TEXT.en.saveLanguage }).click()
  await expect(page).toHaveURL(exactUrl('/demo/meinedaten', SAVED))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten')
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Sprache wurde gespeichert.' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
})
