import { expect, test, type Page } from '@playwright/test'
import { accountWithPassword } from './accounts-support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import {
  exactUrl,
  expectNoAxeViolations,
  loginRedirectUrl,
  openPage,
  saveScreenshot,
  smallestHeight,
  submitLogin,
} from './support'

// KundenNummer with the BestandskundenAbfrage (SPEC §2.2, §7.3): reached from Meine Daten where the
// tenant credits rewards; "already a customer?" both ways; the number saved, shown masked with its
// check ("wird geprüft"), and the operator's confirmation; login required; absent without credit.

const QUESTION = 'Sind Sie bereits Kunde bei Lumenta Telekom?'
const HINT =
  'Ihre Kundennummer finden Sie oben auf Ihrer Rechnung von Lumenta Telekom. Sie hat 6 bis 12 Ziffern; Leerzeichen dürfen Sie mitschreiben.'

async function logInAs(page: Page, tenant: string, account: { email: string; password: string }) {
  await openPage(page, `/${tenant}/login`)
  await submitLogin(page, account.email, account.password)
  await expect(page).toHaveURL(exactUrl(`/${tenant}/persoenlicherbereich`))
}

/** The panel with the number on file. */
const stored = (page: Page) => page.getByRole('region', { name: 'Ihre hinterlegte Kundennummer' })

test('an existing customer saves the customer number and sees it masked while it is checked', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, 'demo', 'Kundennummer')
  await logInAs(page, 'demo', account)

  // Meine Daten leads there.
  await openPage(page, '/demo/meinedaten')
  const section = page.getByRole('region', { name: 'Kundennummer' })
  await expect(section).toContainText('Sind Sie bereits Kunde bei Lumenta Telekom?')
  await section.getByRole('link', { name: 'Kundennummer hinterlegen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/kundennummer'))
  await expect(page).toHaveTitle(/^Kundennummer/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kundennummer')
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByRole('link', { name: 'Meine Daten' })).toHaveAttribute(
    'href',
    '/demo/meinedaten',
  )

  // The question comes first; nothing else until it is answered.
  const question = page.getByRole('group', { name: QUESTION })
  await expect(question.getByRole('radio', { name: 'Ja' })).not.toBeChecked()
  await expect(question.getByRole('radio', { name: 'Nein' })).not.toBeChecked()
  await expect(page.getByLabel('Kundennummer', { exact: true })).toHaveCount(0)
  await expect(stored(page)).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'customer-number-question')

  // No: rewards go by bank transfer, and the way to the bank data.
  await question.getByRole('radio', { name: 'Nein' }).check()
  await expect(
    page.getByText(
      'Dann überweisen wir Ihre Prämien auf Ihr Bankkonto. Hinterlegen Sie dafür Ihre Bankdaten.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Bankdaten hinterlegen' })).toHaveAttribute(
    'href',
    '/demo/empfehler/bankdaten',
  )
  await expect(page.getByLabel('Kundennummer', { exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'customer-number-no')

  // Yes: the number, with the hint where to find it.
  await question.getByRole('radio', { name: 'Ja' }).check()
  const field = page.getByLabel('Kundennummer', { exact: true })
  await expect(field).toHaveAccessibleDescription(HINT)
  await expect(page.getByRole('link', { name: 'Bankdaten hinterlegen' })).toHaveCount(0)
  await field.fill('12345')
  await page.getByRole('button', { name: 'Kundennummer speichern' }).click()
  await expect(page.getByText('Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'customer-number-invalid')

  await field.fill('1234 5678 90')
  await page.getByRole('button', { name: 'Kundennummer speichern' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/kundennummer', 'gespeichert=ja#customer-number-current'))
  await expect(stored(page).getByRole('status')).toHaveText('Ihre Kundennummer wurde gespeichert.')
  await expect(stored(page)).toContainText('•••••••890')
  await expect(stored(page)).toContainText('wird geprüft')
  await expect(stored(page)).toContainText('Wir prüfen Ihre Kundennummer gemeinsam mit Lumenta Telekom.')
  await expect(page.locator('main')).not.toContainText('1234567890')
  // The question stays answered, to change the number.
  await expect(page.getByRole('heading', { level: 2, name: 'Kundennummer ändern' })).toBeVisible()
  await expect(page.getByRole('group', { name: QUESTION }).getByRole('radio', { name: 'Ja' })).toBeChecked()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'customer-number-saved')

  // The operator confirms it after checking with the provider.
  const confirmed = await request.put('/api/v1/demo/operator/kundennummer', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` },
    data: {
      Email: account.email,
      Status: 'Bestaetigt',
      Bearbeiter: 'e2e-support',
      Kundennummer: '1234567890',
    },
  })
  expect(confirmed.status()).toBe(200)
  await openPage(page, '/demo/kundennummer')
  await expect(stored(page)).toContainText('bestätigt')
  await expect(stored(page)).toContainText('Ihre Prämien können wir Ihrem Kundenkonto gutschreiben.')
  await expect(stored(page).getByRole('status')).toHaveCount(0)
})

test('the question works by keyboard alone', async ({ page, request }) => {
  const account = await accountWithPassword(page, request, 'demo', 'KundennummerTastatur')
  await logInAs(page, 'demo', account)
  await openPage(page, '/demo/kundennummer')
  const yes = page.getByRole('radio', { name: 'Ja' })
  await yes.focus()
  await page.keyboard.press('Space')
  await expect(yes).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Kundennummer', { exact: true })).toBeFocused()
  await page.keyboard.type('987 654 321')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Kundennummer speichern' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(stored(page)).toContainText('••••••321')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the answers are targets a finger can hit, a tap on the label chooses', async ({ page, request }) => {
    const account = await accountWithPassword(page, request, 'demo', 'KundennummerTelefon')
    await logInAs(page, 'demo', account)
    await openPage(page, '/demo/kundennummer')
    const question = page.getByRole('group', { name: QUESTION })
    // The shared radio style (app/globals.css .field--radio): each label 44 px high on a phone.
    expect(await smallestHeight(question.locator('label'))).toBeGreaterThanOrEqual(44)
    await question.getByText('Nein', { exact: true }).tap()
    await expect(question.getByRole('radio', { name: 'Nein' })).toBeChecked()
    await question.getByText('Ja', { exact: true }).tap()
    await expect(question.getByRole('radio', { name: 'Ja' })).toBeChecked()
    await expect(page.getByLabel('Kundennummer', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
    await saveScreenshot(page, 'customer-number-question-phone')
  })
})

test('speaks English', async ({ page, request }) => {
  const account = await accountWithPassword(page, request, 'demo', 'KundennummerEn')
  await logInAs(page, 'demo', account)
  await openPage(page, '/demo/en/kundennummer')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer number')
  await page
    .getByRole('group', { name: 'Are you already a customer of Lumenta Telekom?' })
    .getByRole('radio', { name: 'No' })
    .check()
  await expect(page.getByRole('link', { name: 'Enter bank details' })).toHaveAttribute(
    'href',
    '/demo/en/empfehler/bankdaten',
  )
  await expectNoAxeViolations(page)
})

test('asks for login first', async ({ page }) => {
  await page.goto('/demo/kundennummer')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/kundennummer', params: {} }))
  await expect(page.getByText('Bitte melden Sie sich an, um diese Seite zu sehen.')).toBeVisible()
})

test('does not exist where the tenant does not credit rewards', async ({ page, request }) => {
  const account = await accountWithPassword(page, request, 'demo-closed', 'KundennummerBar')
  await logInAs(page, 'demo-closed', account)
  await openPage(page, '/demo-closed/meinedaten')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten')
  await expect(page.getByRole('link', { name: 'Kundennummer hinterlegen' })).toHaveCount(0)
  await page.goto('/demo-closed/kundennummer')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
  await expect(page.getByRole('radio')).toHaveCount(0)
})
