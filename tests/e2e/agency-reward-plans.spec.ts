import { expect, test } from '@playwright/test'
import { EMPLOYEE, OWNER, confirmTrigger, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot, smallestHeight } from './support'

// Praemienplan (SPEC §6; issue 17): an owner adds a reward plan through the form, is told why an
// overlapping one is refused with the form kept as filled in, and deletes it; an employee sees the
// plans without the means to change them.

const TABS = 'Bereiche des Agenturbereichs'
// A year of its own, far ahead, so a second run on the same database meets no plan of the first.
const year = 2300 + Math.floor(Math.random() * 600)

test('an owner adds a reward plan for a product, is refused an overlapping one and deletes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', OWNER)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Prämienplan' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/praemienplan'))
  await expect(page.getByRole('heading', { level: 1, name: 'Prämienplan' })).toBeVisible()
  // The demo agency's plans: the one in force for a TV category, an ended one, a planned one.
  const plans = page.getByRole('table', { name: 'Prämienpläne Ihrer Agentur' })
  await expect(plans.getByRole('row', { name: /Kategorie .*110,00\s€.*Gilt/ })).toBeVisible()
  await expect(plans.getByRole('row', { name: /Beendet/ })).toBeVisible()

  const form = page.getByRole('form', { name: 'Neuen Prämienplan anlegen' })
  await form.getByLabel('Gilt für').selectOption('p:463')
  await form.getByLabel('Prämie in Euro').fill('82,50')
  await form.getByLabel('Gilt ab').fill(`${year}-03-01`)
  await form.getByLabel('Gilt bis (einschließlich)').fill(`${year}-03-31`)
  await form.getByRole('button', { name: 'Prämienplan anlegen' }).click()
  await expect(page.locator('main').getByRole('status')).toHaveText('Der Prämienplan ist angelegt.')
  const row = plans.getByRole('row', {
    name: new RegExp(`Lumenta Zuhause L.*82,50\\s€.*01\\.03\\.${year} bis 31\\.03\\.${year}.*Geplant`),
  })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Ines Inhaber')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-reward-plan-phone')

  // The same product again, open from the middle of March: refused, the form as it was.
  await form.getByLabel('Gilt für').selectOption('p:463')
  await form.getByLabel('Prämie in Euro').fill('90')
  await form.getByLabel('Gilt ab').fill(`${year}-03-15`)
  await form.getByRole('button', { name: 'Prämienplan anlegen' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Für dieses Produkt oder diese Kategorie gilt in diesem Zeitraum schon ein Prämienplan. Die Zeiträume eines Ziels dürfen sich nicht überschneiden.',
  )
  await expect(form.getByLabel('Prämie in Euro')).toHaveValue('90')
  await expect(form.getByLabel('Gilt ab')).toHaveValue(`${year}-03-15`)
  // An amount that is no amount is explained, not sent.
  await form.getByLabel('Prämie in Euro').fill('neunzig')
  await form.getByRole('button', { name: 'Prämienplan anlegen' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Bitte geben Sie die Prämie als Betrag in Euro ein, zum Beispiel 75 oder 82,50.',
  )

  // Deleting asks first: the row's button opens the question, "Abbrechen" folds it away unchanged.
  const remove = confirmTrigger(row, /^Löschen\s*Prämienplan Lumenta Zuhause L, .+ löschen/)
  await expect(remove).toHaveText(/^Löschen/)
  await expect(smallestHeight(remove)).resolves.toBeGreaterThanOrEqual(44)
  await remove.click()
  const question = row.getByText(
    new RegExp(
      `^Prämienplan Lumenta Zuhause L, 01\\.03\\.${year} bis 31\\.03\\.${year} wirklich löschen\\? Das lässt sich nicht rückgängig machen\\.$`,
    ),
  )
  await expect(question).toBeVisible()
  const yes = row.getByRole('button', { name: 'Ja, löschen' })
  await expect(smallestHeight(yes)).resolves.toBeGreaterThanOrEqual(44)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-reward-plan-delete-question-phone')
  await row.getByText('Abbrechen', { exact: true }).click()
  await expect(question).toBeHidden()
  await expect(row).toBeVisible()
  await remove.click()
  await yes.click()
  await expect(page.locator('main').getByRole('status')).toHaveText(
    'Der Prämienplan ist gelöscht. Empfehlungen, die verschickt wurden, während er galt, behalten seine Prämie.',
  )
  await expect(plans.getByRole('row', { name: new RegExp(`Lumenta Zuhause L.*${year}`) })).toHaveCount(0)
})

test('an employee sees the reward plans but cannot change them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, 'demo', EMPLOYEE)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Prämienplan' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Prämienplan' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Prämienpläne Ihrer Agentur' })).toBeVisible()
  await expect(
    page.getByText('Prämienpläne legen die Inhaberinnen und Inhaber Ihrer Agentur an und löschen sie.'),
  ).toBeVisible()
  await expect(page.getByRole('form', { name: 'Neuen Prämienplan anlegen' })).toHaveCount(0)
  await expect(confirmTrigger(page, /löschen/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /löschen/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-reward-plan-employee-desktop')
})
