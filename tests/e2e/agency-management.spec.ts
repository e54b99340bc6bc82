import { expect, test } from '@playwright/test'
import { EMPLOYEE, addAgent, confirmTrigger, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot, smallestHeight } from './support'

// Verwaltung (SPEC §6; issue 17): an employee enters a sales agent, is told why a number the programme
// has already is refused with the form kept as filled in, and deactivates and reactivates the agent.

const TABS = 'Bereiche des Agenturbereichs'

test('an employee enters a sales agent, is refused a taken number and deactivates the agent', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', EMPLOYEE)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Verwaltung' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/verwaltung'))
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Beraterinnen und Berater Ihrer Agentur' })
  await expect(table.getByRole('row', { name: /^Aylin Demir SV-1002 10967 Berlin Aktiv/ })).toBeVisible()

  const number = await addAgent(page, { vorname: 'Greta', nachname: 'Berger' })
  const row = table.getByRole('row', { name: new RegExp(`^Greta Berger ${number} 10115 Berlin Aktiv`) })
  await expect(row).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-management-phone')

  // A number the programme has already: refused, the form as it was.
  const form = page.getByRole('form', { name: 'Berater/in eintragen' })
  await form.getByLabel('Vorname').fill('Jonas')
  await form.getByLabel('Nachname').fill('Zweiter')
  await form.getByLabel('Beraternummer').fill('SV-1001')
  await form.getByLabel('PLZ').fill('12045')
  await form.getByLabel('Ort').fill('Berlin')
  await form.getByRole('button', { name: 'Eintragen' }).click()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Diese Beraternummer ist im Programm schon vergeben. Bitte wählen Sie eine andere.',
  )
  await expect(form.getByLabel('Nachname')).toHaveValue('Zweiter')
  await expect(form.getByLabel('Beraternummer')).toHaveValue('SV-1001')

  // Deactivating asks first, on a phone with targets a finger can hit; reactivating does not ask.
  const deactivate = confirmTrigger(row, 'Greta Berger deaktivieren')
  await expect(smallestHeight(deactivate)).resolves.toBeGreaterThanOrEqual(44)
  await deactivate.click()
  await expect(
    row.getByText(
      'Greta Berger wirklich deaktivieren? Neue Empfehlungen mit dieser Beraternummer zählen dann nicht mehr für Ihre Agentur.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Ja, deaktivieren' }).click()
  await expect(page.locator('main').getByRole('status').first()).toHaveText(
    'Die Beraterin oder der Berater ist deaktiviert. Neue Empfehlungen mit dieser Nummer zählen nicht mehr für Ihre Agentur.',
  )
  const inactive = table.getByRole('row', { name: new RegExp(`^Greta Berger ${number} .*Deaktiviert`) })
  const reactivate = inactive.getByRole('button', { name: 'Greta Berger wieder aktivieren' })
  await expect(smallestHeight(reactivate)).resolves.toBeGreaterThanOrEqual(44)
  await reactivate.click()
  await expect(page.locator('main').getByRole('status').first()).toHaveText(
    'Die Beraterin oder der Berater ist wieder aktiv.',
  )
  await expect(row).toBeVisible()
})
