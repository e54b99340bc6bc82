import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { DEMO, TEXT, exactUrl, logIn, openPage } from './support'

// Issue 15, item 9: the pages' Content-Security-Policy allows no inline script but Next's own, each by
// its sha256 (server.mjs, lib/edge/csp.mjs). The pages still hydrate and work, and the browser reports
// no violation of any directive on the way: home, login and personal area, the recommend form, and the
// friend's landing and data form.

const OPTIN_SUBJECT = /^Bitte bestätigen Sie Ihre Empfehlung/

/**
 * Collects every policy report of the page from the first script on: the securitypolicyviolation
 * events of each document and the browser's own console refusals.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const reports: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (
      text.startsWith('csp-violation') ||
      /Content Security Policy|Refused to (?:execute|load|run|evaluate)/i.test(text)
    )
      reports.push(`${page.url()} ${text}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `csp-violation ${event.effectiveDirective} ${event.blockedURI || '(inline)'} ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  return reports
}

/** The policy of the current page names no 'unsafe-inline' for scripts. */
async function expectStrictScriptPolicy(page: Page, path: string) {
  const response = await page.request.get(path)
  const policy = response.headers()['content-security-policy'] ?? ''
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? ''
  expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/)
}

test('home, login and the personal area hydrate and work under the strict policy', async ({ page }) => {
  const reports = await watchPolicy(page)
  await expectStrictScriptPolicy(page, '/demo')
  await openPage(page, '/demo')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The consent banner is a client component: its buttons answer only when the page runs.
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await banner.getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(banner).toBeHidden()

  // A client-side navigation to the login screen, its client-side validation, then the login.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/login'))
  await page.getByRole('button', { name: TEXT.de.login, exact: true }).click()
  await expect(page.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeVisible()
  await expectStrictScriptPolicy(page, '/demo/login')
  await logIn(page, DEMO)
  expect(reports).toEqual([])
})

test('the recommend form and the friend’s data form hydrate and work under the strict policy', async ({
  page,
}) => {
  // An address of its own, so the anonymous recommendation meets no per-address limit of other tests.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8:c5b:${randomBytes(2).toString('hex')}::9` })
  const reports = await watchPolicy(page)
  await expectStrictScriptPolicy(page, '/demo/empfehlen/462')
  await openPage(page, '/demo/empfehlen/462')
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page.getByText('Vorname ist ein Pflichtfeld')).toBeVisible()

  const email = freshEmail('csp')
  await page.getByLabel('Vorname').fill('Clara')
  await page.getByLabel('Nachname').fill('Strikt')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('radio', { name: /Wir teilen die Prämie 50:50/ }).check()
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await expect(page.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/bestaetigung'))
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre Teilnahme' })).toBeVisible()

  // Confirmed from the mail: the share screen shows the friend's link.
  const mail = await waitForMail(page.request, email, OPTIN_SUBJECT)
  await page.goto(linkIn(mail.Text, '/demo/bestaetigung'))
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung' })).toBeVisible()
  const address = new URL(await page.getByLabel('Ihr persönlicher Empfehlungslink').inputValue())

  await openPage(page, address.pathname)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Clara S\. empfiehlt Ihnen /)
  await page.getByRole('link', { name: 'Jetzt Daten eingeben' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeVisible()
  await expectStrictScriptPolicy(page, new URL(page.url()).pathname)
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  await expect(page.getByText('Vorname ist ein Pflichtfeld', { exact: true })).toBeVisible()
  await page.getByLabel('Postleitzahl').fill('123')
  await expect(page.getByText('Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.')).toBeVisible()
  expect(reports).toEqual([])
})
