import { expect, test } from '@playwright/test'
import { EMPLOYEE, INACTIVE_OWNER, addAgent, confirmTrigger, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot, smallestHeight } from './support'

// The agency area on a phone (390 × 844; WCAG 2.5.5, QUALITY §Accessibility): every target a finger
// taps is at least 44 px high, a change that cannot be undone asks first and can be answered by
// keyboard, and the invitation form says what is missing in the portal's own words instead of the
// browser's bubbles.

const TABS = 'Bereiche des Agenturbereichs'
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

test("the statements' PDF and CSV of every month are targets a finger can hit", async ({ page }) => {
  await signIn(page, 'demo', INACTIVE_OWNER)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Abrechnungen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/abrechnungen'))
  const months = page.getByRole('table', { name: 'Provisionsabrechnungen der letzten zwölf Monate' })
  await expect(months.getByRole('row')).toHaveCount(13)
  const pdf = months.getByRole('link', { name: /als PDF herunterladen$/ })
  const csv = months.getByRole('link', { name: /als CSV herunterladen$/ })
  await expect(pdf).toHaveCount(12)
  await expect(csv).toHaveCount(12)
  expect(await smallestHeight(pdf)).toBeGreaterThanOrEqual(44)
  expect(await smallestHeight(csv)).toBeGreaterThanOrEqual(44)
  // The month's name, which opens its orders, too.
  expect(await smallestHeight(months.getByRole('rowheader').getByRole('link'))).toBeGreaterThanOrEqual(44)
  // Side by side, not over each other.
  const first = (await pdf.first().boundingBox())!
  const second = (await csv.first().boundingBox())!
  expect(second.x).toBeGreaterThanOrEqual(first.x + first.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-statements-targets-phone')
})

test('the paging links and the sub-list chips of a report are a finger high', async ({ page }) => {
  await signIn(page, 'demo', EMPLOYEE)
  await page.goto('/demo/agentur/empfehler?liste=empfehlungen')
  await expect(page.getByRole('heading', { level: 1, name: 'Empfehlungen' })).toBeVisible()
  const paging = page.getByRole('navigation', { name: 'Seiten der Liste' })
  const next = paging.getByRole('link', { name: 'Nächste Seite →' })
  expect(await smallestHeight(next)).toBeGreaterThanOrEqual(44)
  expect(
    await smallestHeight(page.getByRole('navigation', { name: 'Listen' }).getByRole('link')),
  ).toBeGreaterThanOrEqual(44)
  await next.click()
  await expect(page.getByText('Seite 2 von')).toBeVisible()
  expect(await smallestHeight(paging.getByRole('link'))).toBeGreaterThanOrEqual(44)
  await expectNoAxeViolations(page)
})

test('deactivating a sales agent asks first and is answered by keyboard alone', async ({ page }) => {
  await signIn(page, 'demo', EMPLOYEE)
  await page.goto('/demo/agentur/verwaltung')
  const number = await addAgent(page, { vorname: 'Karl', nachname: 'Tastatur' })
  const table = page.getByRole('table', { name: 'Beraterinnen und Berater Ihrer Agentur' })
  const row = table.getByRole('row', { name: new RegExp(`^Karl Tastatur ${number} `) })
  const trigger = confirmTrigger(row, 'Karl Tastatur deaktivieren')
  const question = row.getByText('Karl Tastatur wirklich deaktivieren?', { exact: false })
  const yes = row.getByRole('button', { name: 'Ja, deaktivieren' })

  // Enter opens the question; the focus stays on the button, now "Abbrechen"; Tab reaches the answer.
  await trigger.focus()
  await expect(trigger).toBeFocused()
  await expect(question).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(question).toBeVisible()
  await expect(trigger).toBeFocused()
  await expect(trigger.getByText('Abbrechen', { exact: true })).toBeVisible()
  await expect(yes).toHaveAccessibleDescription(
    'Karl Tastatur wirklich deaktivieren? Neue Empfehlungen mit dieser Beraternummer zählen dann nicht mehr für Ihre Agentur.',
  )
  await page.keyboard.press('Tab')
  await expect(yes).toBeFocused()
  // Back, and "Abbrechen" folds it away: nothing changed.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Space')
  await expect(question).toBeHidden()
  await expect(row).toContainText('Aktiv')
  await expect(page).toHaveURL(exactUrl('/demo/agentur/verwaltung', `ergebnis=angelegt`))

  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(yes).toBeFocused()
  expect((await yes.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await page.keyboard.press('Enter')
  await expect(page.locator('main').getByRole('status').first()).toHaveText(
    'Die Beraterin oder der Berater ist deaktiviert. Neue Empfehlungen mit dieser Nummer zählen nicht mehr für Ihre Agentur.',
  )
  // Reactivating undoes it, so it asks nothing.
  const inactive = table.getByRole('row', { name: new RegExp(`^Karl Tastatur ${number} .*Deaktiviert`) })
  await expect(confirmTrigger(inactive, /aktivieren/)).toHaveCount(0)
  await inactive.getByRole('button', { name: 'Karl Tastatur wieder aktivieren' }).click()
  await expect(page.locator('main').getByRole('status').first()).toHaveText(
    'Die Beraterin oder der Berater ist wieder aktiv.',
  )
})

test('the invitation form says in German what is missing, with choices a finger can hit', async ({
  page,
}) => {
  await signIn(page, 'demo', EMPLOYEE)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Einladung' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/einladung'))
  const form = page.getByRole('form', { name: 'Kundin oder Kunden einladen' })
  const group = form.getByRole('group', { name: 'Gespräch' })
  const onSite = group.getByRole('radio', { name: 'Vor Ort' })
  const byPhone = group.getByRole('radio', { name: 'Am Telefon' })
  await expect(onSite).toBeChecked()
  expect(
    await smallestHeight(page.getByRole('link', { name: 'Alle Einladungen Ihrer Agentur ansehen' })),
  ).toBeGreaterThanOrEqual(44)
  // The labels are the targets: 44 px high, and a tap on one chooses.
  expect(await smallestHeight(group.locator('label'))).toBeGreaterThanOrEqual(44)
  await group.getByText('Am Telefon', { exact: true }).tap()
  await expect(byPhone).toBeChecked()
  await expect(onSite).not.toBeChecked()

  // Sent empty: the portal's own messages under the fields, no browser bubble, nothing sent.
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByText('Vorname ist ein Pflichtfeld')).toBeVisible()
  await expect(form.getByText('Nachname ist ein Pflichtfeld')).toBeVisible()
  await expect(form.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeVisible()
  await expect(form.getByLabel('Vorname')).toBeFocused()
  await expect(form.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Vorname')).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld')
  await expect(page.getByRole('status').filter({ hasText: 'versendet' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-invitation-errors-phone')

  await form.getByLabel('Vorname').fill('Greta')
  await form.getByLabel('Nachname').fill('Albers')
  await form.getByLabel('E-Mail-Adresse').fill('greta@')
  await expect(form.getByText('Vorname ist ein Pflichtfeld')).toHaveCount(0)
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByText('Dies ist keine gültige E-Mail-Adresse.')).toBeVisible()
  await expect(form.getByLabel('E-Mail-Adresse')).toBeFocused()
  await expect(byPhone).toBeChecked()
})
