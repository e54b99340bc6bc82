import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'
import demoSso from '../../lib/engine/tenants/demo/sso.json'

/** The local OpenID provider's demo logins (lib/engine/tenants/demo/sso.json). */
export const OWNER = 'inhaber@sonnenschein-vertrieb.example'
export const EMPLOYEE = 'mitarbeiter@sonnenschein-vertrieb.example'
export const NO_ROLE = 'ohnerolle@sonnenschein-vertrieb.example'
export const OTHER_AGENCY = 'inhaber@nordlicht-vertrieb.example'
export const INACTIVE_OWNER = 'ruhend@sonnenschein-vertrieb.example'

/** From the agency sign-in through the provider's form back to the portal. */
export async function signIn(page: Page, tenant: string, login: string) {
  await page.goto(`/${tenant}/agentur`)
  await expect(page.getByRole('heading', { level: 1, name: 'Agenturbereich' })).toBeVisible()
  await signOn(page, login)
}

/**
 * From the agency sign-in page through the provider's form: the provider asks for the account, as it
 * does on every first sign-on and after this browser's session ended or a sign-on was refused.
 */
export async function signOn(page: Page, login: string) {
  await page.getByRole('link', { name: 'Mit Single Sign-on anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Agenturen' })).toBeVisible()
  await page.getByLabel('E-Mail-Adresse').fill(login)
  await page.getByLabel('Passwort').fill(demoSso.password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

/** An employee the owner deactivates in the browser tests (no other test signs in as him). */
export const DEACTIVATED_IN_TEST = 'tim.vogel@sonnenschein-vertrieb.example'

/**
 * The row button of a change that asks first (components/agency/confirm-action.tsx): a disclosure's
 * summary, which Playwright gives no role, found by the name it has for assistive technology.
 */
export function confirmTrigger(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.locator('summary').filter({ hasText: name })
}

/**
 * Adds a sales agent in Berlin through the Verwaltung form (the page open) and waits for its
 * confirmation; answers the agent's new number.
 */
export async function addAgent(page: Page, name: { vorname: string; nachname: string }): Promise<string> {
  const number = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`
  const form = page.getByRole('form', { name: 'Berater/in eintragen' })
  await form.getByLabel('Vorname').fill(name.vorname)
  await form.getByLabel('Nachname').fill(name.nachname)
  await form.getByLabel('Beraternummer').fill(number)
  await form.getByLabel('PLZ').fill('10115')
  await form.getByLabel('Ort').fill('Berlin')
  await form.getByRole('button', { name: 'Eintragen' }).click()
  await expect(page.locator('main').getByRole('status').first()).toHaveText(
    'Die Beraterin oder der Berater ist eingetragen.',
  )
  return number
}
