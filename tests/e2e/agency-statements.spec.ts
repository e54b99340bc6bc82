import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { INACTIVE_OWNER, EMPLOYEE, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// Rechnungen (SPEC §6; issue 17): an owner reads the monthly commission statements, opens a month's
// orders and downloads its PDF and CSV; an employee has no such tab and the address refuses him.

const TABS = 'Bereiche des Agenturbereichs'

test('an inactive owner opens a month of commission and downloads it as PDF and CSV', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', INACTIVE_OWNER)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Abrechnungen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/abrechnungen'))
  await expect(page.getByRole('heading', { level: 1, name: 'Abrechnungen' })).toBeVisible()
  const months = page.getByRole('table', { name: 'Provisionsabrechnungen der letzten zwölf Monate' })
  await expect(months.getByRole('row')).toHaveCount(13)
  await expect(months.getByRole('row').nth(1)).toContainText('laufend')

  // The demo agency's history: the newest past month with orders.
  const withOrders = months
    .getByRole('row')
    .filter({ hasNot: page.getByText('laufend') })
    .filter({ hasText: / [1-9]\d* Auftr(ag|äge)/ })
    .first()
  const monthLink = withOrders.getByRole('link').first()
  const monthName = (await monthLink.textContent())!.trim()
  const total = (await withOrders.getByRole('cell').first().textContent())!.trim()
  await monthLink.click()
  const details = page.getByRole('region', { name: `Abrechnung ${monthName}` })
  await expect(
    page.getByText(new RegExp(`^Summe ${total.replace(/\s/g, '\\s')} aus \\d+ Auftr`)),
  ).toBeVisible()
  await expect(
    details.getByRole('row', { name: new RegExp(`^Summe ${total.replace(/\s/g, '\\s')}$`) }),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-statements-phone')

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    withOrders.getByRole('link', { name: `Abrechnung ${monthName} als PDF herunterladen` }).click(),
  ])
  expect(pdf.suggestedFilename()).toMatch(/^provisionsabrechnung-\d{4}-\d{2}\.pdf$/)
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    withOrders.getByRole('link', { name: `Abrechnung ${monthName} als CSV herunterladen` }).click(),
  ])
  const lines = readFileSync((await csv.path())!, 'utf8')
    .replace(/\r\n$/, '')
    .split('\r\n')
  expect(lines[0]).toBe(
    '\uFEFFAuftragsnummer;Empfehlungsnummer;Produkt;Auftragsdatum;Freigegeben am;Provision',
  )
  expect(lines.at(-1)).toBe(`Summe;;;;;${total.replace(/[^\d,]/g, '')}`)
})

test('an employee has no statements tab, and the address tells him it is not for his role', async ({
  page,
}) => {
  await signIn(page, 'demo', EMPLOYEE)
  await expect(
    page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Abrechnungen' }),
  ).toHaveCount(0)
  await page.goto('/demo/agentur/abrechnungen')
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Diese Ansicht gehört nicht zu Ihrer Rolle.',
  )
  const file = await page.request.get(
    `/api/agency-statement/demo/${new Date().toISOString().slice(0, 7)}/pdf`,
    {
      maxRedirects: 0,
    },
  )
  expect(file.status()).toBe(303)
  expect(file.headers()['location']).toContain('fehler=NichtAuthorisiert')
  // Where the download sent him, the catalogue's text says why; an unknown code is ignored.
  await page.goto(file.headers()['location']!)
  await expect(page).toHaveURL(exactUrl('/demo/agentur', 'fehler=NichtAuthorisiert'))
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Sie sind für diese Aktion nicht berechtigt.',
  )
  await expect(page.getByRole('link', { name: 'Zum Agenturbereich' })).toBeVisible()
  await page.goto('/demo/agentur?fehler=Quatsch')
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0)
})
