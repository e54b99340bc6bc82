import { expect, test } from '@playwright/test'
import { EMPLOYEE, NO_ROLE, OTHER_AGENCY, OWNER, signIn, signOn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'
import demoSso from '../../lib/engine/tenants/demo/sso.json'

// The agency area (SPEC §2.2, §6; issue 17): the real single sign-on redirect flow in Chromium against
// the local OpenID provider the test server started, the role's tabs, logout, the refusals, a second
// opening of the provider's answer, and an ended session dropped without a page reload.

test('an agency owner signs in by single sign-on, sees the master data and signs out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const answers: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/demo/sso')) answers.push(request.url())
  })
  await signIn(page, 'demo', OWNER)
  // The area opens on the role's first tab.
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await expect(page.getByText('Sonnenschein Vertrieb GmbH').first()).toBeVisible()
  await expect(page.getByText('Angemeldet als Ines Inhaber')).toBeVisible()
  await expect(page.getByText('Inhaber/in', { exact: true })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Bereiche des Agenturbereichs' })
  await tabs.getByRole('link', { name: 'Stammdaten' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/stammdaten'))
  await expect(tabs.getByRole('link', { name: 'Stammdaten' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Stammdaten' })).toBeVisible()
  await expect(page.getByText('Sonnenallee 112')).toBeVisible()
  await expect(page.getByText('•••• 3000')).toBeVisible()
  // The tenant's text names the agency's own contact person (content/agenturvariables).
  await expect(page.locator('main').getByText(/^Die Daten Ihrer Agentur/)).toHaveText(
    'Die Daten Ihrer Agentur, wie sie im Programm hinterlegt sind. Ihre Ansprechperson für Änderungen: Sabine Roth, sabine.roth@lumenta.example · 030 5862 3301.',
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-master-data-phone')

  // The provider's answer opened a second time (back button, a reload): the signed-in user goes on.
  const answer = answers.find((url) => url.includes('code='))
  expect(answer).toBeDefined()
  await page.goto(answer!)
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur', 'abgemeldet=1'))
  await expect(page.getByText('Sie haben sich vom Agenturbereich abgemeldet.')).toBeVisible()
  await page.goto('/demo/agentur/stammdaten')
  await expect(page).toHaveURL(exactUrl('/demo/agentur'))
  // Signing in again asks for the account, though the provider still knows the owner: the next person at
  // a shared device is not let in as her.
  await page.getByRole('link', { name: 'Mit Single Sign-on anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Agenturen' })).toBeVisible()
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
})

test('a person without an agency role is refused with a clear message, and may sign in with another account', async ({
  page,
}) => {
  await signIn(page, 'demo', NO_ROLE)
  await expect(page).toHaveURL(exactUrl('/demo/agentur', 'fehler=AgenturKeineRolle'))
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Ihrem Zugang ist keine Agenturrolle zugewiesen. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihrer Agentur.',
  )
  await expectNoAxeViolations(page)
  // The provider asks for the account again instead of answering with the refused one at once.
  await signOn(page, OWNER)
  await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await expect(page.getByText('Angemeldet als Ines Inhaber')).toBeVisible()
})

test("a person of an agency outside this tenant's programme is refused", async ({ page }) => {
  await signIn(page, 'demo', OTHER_AGENCY)
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Ihre Agentur nimmt an diesem Empfehlungsprogramm nicht teil. Bitte wenden Sie sich an unseren Support.',
  )
})

test('a provider answer this browser did not ask for signs no one in', async ({ page }) => {
  await page.goto('/demo/sso?code=fremd&state=fremd')
  await expect(page).toHaveURL(exactUrl('/demo/agentur', 'fehler=AgenturAnmeldungFehlgeschlagen'))
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Die Anmeldung konnte nicht abgeschlossen werden. Bitte starten Sie die Anmeldung erneut.',
  )
})

test("the provider's real answer to an earlier sign-on signs no one in: its state is not this browser's", async ({
  page,
}) => {
  const startSignOn = async (tab: typeof page) => {
    await tab.goto('/demo/agentur')
    await tab.getByRole('link', { name: 'Mit Single Sign-on anmelden' }).click()
    await expect(tab.getByRole('heading', { level: 1, name: 'Anmeldung für Agenturen' })).toBeVisible()
  }
  // Two sign-ons in one browser: the second replaces the state (and verifier) the first one kept, so
  // the provider's genuine answer to the first carries a state this browser no longer waits for.
  await startSignOn(page)
  const second = await page.context().newPage()
  await startSignOn(second)
  await page.getByLabel('E-Mail-Adresse').fill(OWNER)
  await page.getByLabel('Passwort').fill(demoSso.password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur', 'fehler=AgenturAnmeldungFehlgeschlagen'))
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Die Anmeldung konnte nicht abgeschlossen werden. Bitte starten Sie die Anmeldung erneut.',
  )
  await page.goto('/demo/agentur/stammdaten')
  await expect(page).toHaveURL(exactUrl('/demo/agentur'))
  await expect(page.getByRole('link', { name: 'Mit Single Sign-on anmelden' })).toBeVisible()
})

test('a session ended elsewhere is dropped without a page reload', async ({ browser }) => {
  const first = await browser.newContext({ locale: 'de-DE' })
  const second = await browser.newContext({ locale: 'de-DE' })
  const a = await first.newPage()
  const b = await second.newPage()
  await signIn(a, 'demo', EMPLOYEE)
  await expect(a.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible()
  await signIn(b, 'demo', EMPLOYEE)
  await expect(b.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible()
  // Logging out in one browser ends every token of the person.
  await b.getByRole('button', { name: 'Abmelden' }).click()
  await expect(b.getByText('Sie haben sich vom Agenturbereich abgemeldet.')).toBeVisible()

  await a.evaluate(() => Object.assign(window, { stillThisPage: true }))
  await a.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(
    a.getByText('Ihre Sitzung im Agenturbereich ist abgelaufen. Bitte melden Sie sich erneut an.'),
  ).toBeVisible()
  expect(await a.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true)
  await first.close()
  await second.close()
})
