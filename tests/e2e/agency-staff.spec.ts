import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import {
  DEACTIVATED_IN_TEST,
  EMPLOYEE,
  INACTIVE_OWNER,
  OWNER,
  confirmTrigger,
  signIn,
  signOn,
} from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// Mitarbeiter (SPEC §6; issue 17): the owner enters an employee with e-mail address and number, is told
// why a taken number is refused with the form kept as filled in, and deactivates an employee, who is
// signed out at once and refused at the next sign-in until the owner reactivates them. Nobody else of
// the agency sees the tab.

const TABS = 'Bereiche des Agenturbereichs'
const TABLE = 'Mitarbeiterinnen und Mitarbeiter Ihrer Agentur'

test('an owner enters an employee and is refused a number that is taken', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', OWNER)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Mitarbeiter' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/mitarbeiter'))
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeiter' })).toBeVisible()
  const table = page.getByRole('table', { name: TABLE })
  await expect(table.getByRole('row', { name: /^Mia Mitarbeiter .*SV-M-101 Aktiv/ })).toBeVisible()
  await expect(table.getByRole('row', { name: /^Lea Krüger .*SV-M-103 Deaktiviert/ })).toBeVisible()

  const id = randomBytes(3).toString('hex')
  const email = `greta-${id}@sonnenschein-vertrieb.example`
  const number = `E2E-${id.toUpperCase()}`
  const form = page.getByRole('form', { name: 'Mitarbeiter/in eintragen' })
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByLabel('Mitarbeiternummer').fill(number)
  await form.getByLabel('Name (freiwillig)').fill('Greta Neu')
  await form.getByRole('button', { name: 'Eintragen' }).click()
  await expect(page.locator('main').getByRole('status')).toHaveText(
    'Die Mitarbeiterin oder der Mitarbeiter ist eingetragen.',
  )
  const row = table.getByRole('row', { name: new RegExp(`^Greta Neu ${email} ${number} Aktiv noch nie`) })
  await expect(row).toContainText('von Ines Inhaber')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-staff-phone')

  // Another person with the same number: refused, the form as it was.
  await form.getByLabel('E-Mail-Adresse').fill(`zweite-${id}@sonnenschein-vertrieb.example`)
  await form.getByLabel('Mitarbeiternummer').fill(number)
  await form.getByRole('button', { name: 'Eintragen' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Diese Mitarbeiternummer ist schon vergeben. Bitte wählen Sie eine andere.',
  )
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue(`zweite-${id}@sonnenschein-vertrieb.example`)
  await expect(form.getByLabel('Mitarbeiternummer')).toHaveValue(number)
  await expect(table.getByRole('row', { name: new RegExp(`zweite-${id}`) })).toHaveCount(0)
})

test('a deactivated employee is signed out at once and refused until the owner reactivates them', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } })
  const employeeContext = await browser.newContext({ locale: 'de-DE' })
  const owner = await ownerContext.newPage()
  const employee = await employeeContext.newPage()
  await signIn(employee, 'demo', DEACTIVATED_IN_TEST)
  await expect(employee.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible()

  await signIn(owner, 'demo', OWNER)
  await owner.goto('/demo/agentur/mitarbeiter')
  const row = owner.getByRole('table', { name: TABLE }).getByRole('row', { name: /^Tim Vogel/ })
  // Deactivating asks first (the person is signed out at once); reactivating does not.
  await confirmTrigger(row, 'Tim Vogel deaktivieren').click()
  await expect(
    row.getByText(
      'Tim Vogel wirklich deaktivieren? Die Person wird sofort abgemeldet und kann sich erst wieder anmelden, wenn Sie den Zugang wieder aktivieren.',
    ),
  ).toBeVisible()
  await row.getByRole('button', { name: 'Ja, deaktivieren' }).click()
  await expect(owner.locator('main').getByRole('status')).toHaveText(
    'Der Zugang ist deaktiviert. Die Person ist abgemeldet und kann sich nicht mehr anmelden.',
  )
  await expect(row).toContainText(/Deaktiviert\s*seit \d{2}\.\d{2}\.\d{4}, von Ines Inhaber/)
  await expectNoAxeViolations(owner)
  await saveScreenshot(owner, 'agency-staff-desktop')

  // The employee's open page learns it without a reload; signing in again is refused.
  await employee.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(
    employee.getByText('Ihre Sitzung im Agenturbereich ist abgelaufen. Bitte melden Sie sich erneut an.'),
  ).toBeVisible()
  // The provider asks for his account again (his session here ended); the portal refuses him.
  const signOnAgain = () => signOn(employee, DEACTIVATED_IN_TEST)
  await signOnAgain()
  await expect(employee).toHaveURL(exactUrl('/demo/agentur', 'fehler=AgenturZugangDeaktiviert'))
  await expect(employee.locator('main').getByRole('alert')).toHaveText(
    'Ihr Zugang zum Agenturbereich wurde von der Inhaberin oder dem Inhaber Ihrer Agentur deaktiviert. Bitte wenden Sie sich an sie oder ihn.',
  )

  await row.getByRole('button', { name: 'Tim Vogel wieder aktivieren' }).click()
  await expect(owner.locator('main').getByRole('status')).toHaveText(
    'Der Zugang ist wieder aktiv. Die Person kann sich wieder anmelden.',
  )
  await signOnAgain()
  await expect(employee).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await ownerContext.close()
  await employeeContext.close()
})

test('employees and inactive owners have no staff tab, and its address tells them so', async ({
  browser,
}) => {
  for (const login of [EMPLOYEE, INACTIVE_OWNER]) {
    const context = await browser.newContext({ locale: 'de-DE' })
    const page = await context.newPage()
    await signIn(page, 'demo', login)
    const tabs = page.getByRole('navigation', { name: TABS })
    await expect(tabs.getByRole('link', { name: 'Stammdaten' })).toBeVisible()
    await expect(tabs.getByRole('link', { name: 'Mitarbeiter' })).toHaveCount(0)
    await page.goto('/demo/agentur/mitarbeiter')
    await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeiter' })).toBeVisible()
    await expect(page.locator('main').getByRole('alert')).toHaveText(
      'Diese Ansicht gehört nicht zu Ihrer Rolle.',
    )
    await page.getByRole('link', { name: 'Zur Ansicht „Übersicht“' }).click()
    await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
    await expect(page.getByRole('table', { name: TABLE })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await context.close()
  }
})
