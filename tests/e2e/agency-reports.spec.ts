import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { EMPLOYEE, INACTIVE_OWNER, OWNER, confirmTrigger, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// The agency reports (SPEC §2.2 recommenders, leads, status; §3 Report request; §7.1 agentur/*; issue 17):
// what an agency user does with them in Chromium: lists, sub-lists, filter, sort, paging, CSV.

const TABS = 'Bereiche des Agenturbereichs'

test('an employee reads the referrers, filters the recommendations by agent and pages through them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', EMPLOYEE)
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  const tabs = page.getByRole('navigation', { name: TABS })
  // The employee's tabs with a screen: no commission statements (Rechnungen) and no staff (Mitarbeiter).
  await expect(tabs.getByRole('link')).toHaveText([
    'Übersicht',
    'Empfehler',
    'Aufträge',
    'Prämien',
    'Einladung',
    'Verwaltung',
    'Prämienplan',
    'Stammdaten',
  ])
  await tabs.getByRole('link', { name: 'Empfehler' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/empfehler'))
  await expect(page.getByRole('heading', { level: 1, name: 'Empfehler' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Empfehler' })
  await expect(table.getByRole('columnheader')).toHaveText([
    /^Name/,
    'E-Mail-Adresse',
    /^Empfehlungen/,
    /^Leads/,
    /^Aufträge/,
    /^Letzte Empfehlung/,
  ])
  // The demo agency's customers (other tests add referrers of their own).
  await expect(table.getByRole('row').filter({ hasText: '.kunden.example' }).first()).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(/^\d+ Einträge$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-referrers-phone')

  await page.getByRole('navigation', { name: 'Listen' }).getByRole('link', { name: 'Empfehlungen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/empfehler', 'liste=empfehlungen'))
  await expect(page.getByRole('heading', { level: 1, name: 'Empfehlungen' })).toBeVisible()
  // The filter folds away until it is used.
  await expect(page.getByLabel('Beraternummer')).toBeHidden()
  await page.getByText('Liste filtern').click()
  await page.getByLabel('Beraternummer').fill('SV-1002')
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/berater=SV-1002/)
  const rows = page.getByRole('table', { name: 'Empfehlungen' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('Aylin Demir (SV-1002)')
  for (const text of await rows.allInnerTexts()) {
    if (!text.startsWith('Erstellt am')) expect(text).toContain('SV-1002')
  }
  await page.getByRole('link', { name: /^Produkt/ }).click()
  await expect(page.getByRole('columnheader', { name: /^Produkt/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(page).toHaveURL(/sortierung=ProduktName/)
  // The filter stays while sorting.
  await expect(page.getByLabel('Beraternummer')).toHaveValue('SV-1002')

  await page.getByRole('link', { name: 'Zurücksetzen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/empfehler', 'liste=empfehlungen'))
  await expect(page.getByText('Seite 1 von')).toBeVisible()
  const firstNumber = rows.nth(1).getByRole('cell').nth(1)
  const first = await firstNumber.innerText()
  await page.getByRole('link', { name: 'Nächste Seite →' }).click()
  await expect(page.getByText('Seite 2 von')).toBeVisible()
  await expect(firstNumber).not.toHaveText(first)
  await page.getByRole('link', { name: '← Vorherige Seite' }).click()
  await expect(firstNumber).toHaveText(first)
})

test('leads show contact data only where the person agreed to advertising', async ({ page }) => {
  await signIn(page, 'demo', OWNER)
  await page.goto('/demo/agentur/empfehler?liste=leads')
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Leads' })
  await expect(table.getByText('keine Werbeeinwilligung').first()).toBeVisible()
  await expect(table.getByText(/@sonnenschein\.kunden\.example/).first()).toBeVisible()
  await page.getByText('Liste filtern').click()
  await page.getByLabel('Status').selectOption({ label: 'Auftrag' })
  await page.getByRole('button', { name: 'Filtern' }).click()
  const states = await table.getByRole('row').locator('td:last-child').allInnerTexts()
  expect(states.length).toBeGreaterThan(0)
  expect(new Set(states)).toEqual(new Set(['Auftrag']))
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-leads-desktop')
})

test('an inactive owner filters the orders by state and downloads them as CSV', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, 'demo', INACTIVE_OWNER)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Aufträge' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/auftraege'))
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible()
  await page.getByText('Liste filtern').click()
  await page.getByLabel('Status').selectOption({ label: 'Abgeschlossen' })
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/status=Gezahlt/)
  const table = page.getByRole('table', { name: 'Aufträge' })
  // The sixth column is the order's state (the seventh its release).
  const states = await table.getByRole('row').locator('td:nth-child(6)').allInnerTexts()
  expect(states.length).toBeGreaterThan(0)
  expect(new Set(states)).toEqual(new Set(['Abgeschlossen']))
  const count = Number(
    (await page.getByRole('status').filter({ hasText: 'Einträge' }).innerText()).match(/^(\d+)/)![1],
  )
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-orders-desktop')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Als CSV herunterladen' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^auftraege-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = readFileSync((await download.path())!, 'utf8')
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines[0]).toBe(
    'Auftragsnummer;Auftragsdatum;Produkt;Status;Empfehlungsnummer;Beraternummer;Kunde;Prämie (€);Freigabe',
  )
  expect(lines).toHaveLength(count + 1)
  // The file reads as the screen: the same state's label, the same days in the same order, euros.
  const cells = lines.slice(1).map((line) => line.split(';'))
  expect(new Set(cells.map((cell) => cell[3]))).toEqual(new Set(['Abgeschlossen']))
  const shown = await table.getByRole('row').locator('td:nth-child(1)').allInnerTexts()
  const numbers = await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts()
  expect(cells.slice(0, shown.length).map((cell) => [cell[0], cell[1]])).toEqual(
    numbers.map((number, i) => [number, shown[i]]),
  )
  expect(cells.every((cell) => /^\d{2}\.\d{2}\.\d{4}$/.test(cell[1]!))).toBe(true)
  expect(cells.every((cell) => cell[7] === '' || /^\d+,\d{2}$/.test(cell[7]!))).toBe(true)
})

test('a period whose start lies after its end is named, and offers no empty CSV', async ({ page }) => {
  await signIn(page, 'demo', INACTIVE_OWNER)
  await page.goto('/demo/agentur/auftraege?von=2026-11-30&bis=2026-10-01')
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible()
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Das Datum „Von“ liegt nach „Bis“. Bitte tauschen Sie die beiden Daten, damit die Liste Einträge zeigen kann.',
  )
  await expect(page.getByRole('status').filter({ hasText: 'Keine Einträge' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Als CSV herunterladen' })).toHaveCount(0)
  // Both date fields are marked and point to the message.
  await expect(page.getByLabel('Von', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Bis', { exact: true })).toHaveAccessibleDescription(/liegt nach „Bis“/)
  await expectNoAxeViolations(page)

  // The period the right way round: no message, the list and its CSV.
  await page.getByLabel('Von', { exact: true }).fill('2026-01-01')
  await page.getByLabel('Bis', { exact: true }).fill('2026-12-31')
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/von=2026-01-01&bis=2026-12-31/)
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0)
  await expect(page.getByLabel('Von', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
})

test('a CSV address opened without an agency session leads to the sign-in', async ({ page }) => {
  await page.goto('/api/agency-export/demo/auftraege')
  await expect(page).toHaveURL(exactUrl('/demo/agentur'))
  await expect(page.getByRole('link', { name: 'Mit Single Sign-on anmelden' })).toBeVisible()
})

test('the overview shows the totals, a chart and the same numbers as a table, per agent too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', OWNER)
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible()
  await expect(page.getByText('Konversion')).toBeVisible()
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible()
  const table = page.getByRole('table', { name: 'Zahlen je Monat' })
  // The last six months, the current one last.
  await expect(table.getByRole('row')).toHaveCount(7)
  const total = async () =>
    Number(
      (await page.getByRole('listitem').filter({ hasText: 'Empfehlungen' }).innerText()).match(/\d+/)![0],
    )
  const all = await total()
  expect(all).toBeGreaterThan(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-overview-phone')

  await page.getByLabel('Beraternummer').fill('SV-1001')
  await page.getByRole('button', { name: 'Anzeigen' }).click()
  await expect(page).toHaveURL(/berater=SV-1001/)
  const one = await total()
  expect(one).toBeGreaterThan(0)
  expect(one).toBeLessThan(all)
})

test('an order above the four-eyes amount is released by two people, one below by one', async ({
  browser,
}) => {
  // The employee on a phone: each order is a card, its release button in view.
  const employeeContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } })
  const ownerContext = await browser.newContext({ locale: 'de-DE' })
  const employee = await employeeContext.newPage()
  const owner = await ownerContext.newPage()
  await signIn(employee, 'demo', EMPLOYEE)
  await expect(employee).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await employee.goto('/demo/agentur/auftraege?status=FreigabeOffen')
  await expect(employee.getByLabel('Status')).toHaveValue('FreigabeOffen')
  const rows = employee.getByRole('table', { name: 'Aufträge' }).getByRole('row')

  // One release: an order with up to 80 € of reward.
  const single = rows
    .filter({ has: employee.locator('summary') })
    .filter({ hasNotText: 'zwei Freigaben' })
    .first()
  const singleNumber = (await single.getByRole('cell').nth(1).innerText()).trim()
  const release = confirmTrigger(single, `Freigeben Auftrag ${singleNumber}`)
  await release.scrollIntoViewIfNeeded()
  const box = (await release.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await employee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // The sortable headings stay as chips a finger can hit.
  const sortChip = employee.getByRole('link', { name: /^Auftragsdatum/ })
  expect((await sortChip.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  // So are the release and, below the question it opens (a release cannot be taken back), its answer.
  expect(box.height).toBeGreaterThanOrEqual(44)
  await release.click()
  await expect(
    single.getByText(
      `Auftrag ${singleNumber} wirklich freigeben? Eine Freigabe lässt sich nicht zurücknehmen.`,
    ),
  ).toBeVisible()
  const yes = single.getByRole('button', { name: 'Ja, freigeben' })
  expect((await yes.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expectNoAxeViolations(employee)
  await yes.click()
  await expect(employee.getByRole('status').filter({ hasText: 'freigegeben' })).toHaveText(
    `Auftrag ${singleNumber} ist freigegeben.`,
  )
  // The list keeps its filter: the released order has left it.
  await expect(employee).toHaveURL(/status=FreigabeOffen/)
  await expect(rows.filter({ hasText: singleNumber })).toHaveCount(0)

  // Two releases: the employee first, then the owner; the employee cannot release twice.
  const double = rows.filter({ hasText: 'zwei Freigaben nötig' }).first()
  const doubleNumber = (await double.getByRole('cell').nth(1).innerText()).trim()
  await confirmTrigger(double, `Freigeben Auftrag ${doubleNumber}`).click()
  await double.getByRole('button', { name: 'Ja, freigeben' }).click()
  await expect(employee.getByRole('status').filter({ hasText: doubleNumber })).toHaveText(
    `Ihre Freigabe für Auftrag ${doubleNumber} ist erfasst. Eine zweite Person Ihrer Agentur muss ihn ebenfalls freigeben.`,
  )
  const partly = rows.filter({ hasText: doubleNumber })
  await expect(partly).toContainText('1 von 2 Freigaben · Mia Mitarbeiter')
  await expect(partly.locator('summary')).toHaveCount(0)
  await expectNoAxeViolations(employee)

  await signIn(owner, 'demo', OWNER)
  await expect(owner).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await owner.goto(`/demo/agentur/auftraege?suche=${doubleNumber}`)
  await confirmTrigger(owner, `Freigeben Auftrag ${doubleNumber}`).click()
  await owner.getByRole('button', { name: 'Ja, freigeben' }).click()
  await expect(owner.getByRole('status').filter({ hasText: doubleNumber })).toHaveText(
    `Auftrag ${doubleNumber} ist freigegeben.`,
  )
  await expect(owner.getByRole('table', { name: 'Aufträge' })).toContainText(
    /Freigegeben · Mia Mitarbeiter, \d{2}\.\d{2}\.\d{4} · Ines Inhaber, \d{2}\.\d{2}\.\d{4}/,
  )
  await saveScreenshot(owner, 'agency-order-released-desktop')
  await employeeContext.close()
  await ownerContext.close()
})

test("an employee looks up the rewards of the agency's recommendations by state", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', EMPLOYEE)
  await page
    .getByRole('navigation', { name: TABS })
    .getByRole('link', { name: 'Prämien', exact: true })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/praemien'))
  await expect(page.getByRole('heading', { level: 1, name: 'Prämien' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Prämien' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await page.getByText('Liste filtern').click()
  await page.getByLabel('Status').selectOption({ label: 'Ausgezahlt' })
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/status=Ausgezahlt/)
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toBeVisible()
  await expect(table.getByText('Ausgezahlt').first()).toBeVisible()
  await expect(
    table.getByText(/^(Wartet auf Vertrag|Abholbereit|Abgeholt|Storniert|Verfallen)$/),
  ).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-rewards-phone')
})
