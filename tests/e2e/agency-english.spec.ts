import { expect, test } from '@playwright/test'
import demoSso from '../../lib/engine/tenants/demo/sso.json'
import { OWNER } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// The agency area in English (issue 17): the owner signs in from the English sign-in page and walks
// every tab of the role on a phone, each in English, without sideways scrolling and without axe
// findings; a screenshot of each is kept for review.

const TABS: [tab: string, heading: string, path: string][] = [
  ['Overview', 'Overview', 'uebersicht'],
  ['Referrers', 'Referrers', 'empfehler'],
  ['Orders', 'Orders', 'auftraege'],
  ['Rewards', 'Rewards', 'praemien'],
  ['Invitation', 'Invitation', 'einladung'],
  ['Management', 'Management', 'verwaltung'],
  ['Reward plan', 'Reward plan', 'praemienplan'],
  ['Statements', 'Statements', 'abrechnungen'],
  ['Master data', 'Master data', 'stammdaten'],
  ['Employees', 'Employees', 'mitarbeiter'],
]

test('an owner walks every tab of the agency area in English on a phone', async ({ page }) => {
  // Every tab of the area, each with its checks and screenshot: minutes on a slow, loaded machine.
  test.setTimeout(360_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/demo/en/agentur')
  await expect(page.getByRole('heading', { level: 1, name: 'Agency area' })).toBeVisible()
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
  await page.getByLabel('E-Mail-Adresse').fill(OWNER)
  await page.getByLabel('Passwort').fill(demoSso.password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en/agentur/uebersicht'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByText('Signed in as Ines Inhaber')).toBeVisible()

  const tabs = page.getByRole('navigation', { name: 'Sections of the agency area' })
  await expect(tabs.getByRole('link')).toHaveText(TABS.map(([tab]) => tab))
  for (const [tab, heading, path] of TABS) {
    await tabs.getByRole('link', { name: tab, exact: true }).click()
    await expect(page).toHaveURL(exactUrl(`/demo/en/agentur/${path}`))
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    // No German text of the portal's own on the English screens.
    await expect(page.locator('main')).not.toContainText(/Angemeldet als|Abmelden|Filtern|Eintragen|Seite \d/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
    await saveScreenshot(page, `agency-en-${path}-phone`)
  }
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en/agentur', 'abgemeldet=1'))
  await expect(page.getByText('You have signed out of the agency area.')).toBeVisible()
})
