import { randomBytes, randomUUID } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'

/** Account walks: fresh e-mails, the local mailbox, links out of mails, operator calls. */

export const NEW_PASSWORD = 'Freunde-Werben-7'
export const CHANGED_PASSWORD = 'Noch-Besser-2027'

export function freshEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.org`
}

type Mail = { Id: string; An: string; Betreff: string; Text: string; Html: string }

/** Waits until a mail with this subject reached the recipient's mailbox; answers the newest one. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
        const { Nachrichten } = (await response.json()) as { Nachrichten: Mail[] }
        found = Nachrichten.find((m) => subject.test(m.Betreff))
        return Boolean(found)
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true)
  return found!
}

/**
 * The first link of a mail's text version that leads to this portal path (e.g. "/demo/registrieren"),
 * and that `which` accepts where the mail has several there.
 */
export function linkIn(
  mailText: string,
  pathname: string,
  which: (url: URL) => boolean = () => true,
): string {
  const links = mailText.match(/https?:\/\/\S+/g) ?? []
  const link = links.find((l) => new URL(l).pathname === pathname && which(new URL(l)))
  expect(link, `a link to ${pathname} in the mail`).toBeTruthy()
  const url = new URL(link!)
  return `${url.pathname}${url.search}`
}

/**
 * A client address of its own (X-Forwarded-For, which the portal passes on signed): registrations are
 * limited per address and hour, and the suite registers more often than one person would.
 */
export function ownClientAddress(): { 'X-Forwarded-For': string } {
  return {
    'X-Forwarded-For': `2001:db8:4e9:${randomBytes(2).toString('hex')}::${randomBytes(1).toString('hex')}`,
  }
}

/** Registers through the form; answers when the form confirms that the mail is on its way. */
export async function register(page: Page, tenant: string, email: string, names = ['Erika', 'Probe']) {
  await page.setExtraHTTPHeaders(ownClientAddress())
  await page.goto(`/${tenant}/registrieren`)
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible()
  await page.getByLabel('Anrede').selectOption('Frau')
  await page.getByLabel('Vorname').fill(names[0]!)
  await page.getByLabel('Nachname').fill(names[1]!)
  // The first e-mail field is the registration's (the second asks for the welcome mail again).
  await page.getByLabel('E-Mail-Adresse').first().fill(email)
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Kostenlos registrieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: `E-Mail an ${email} gesendet` })).toBeVisible()
}

/** Fills the two new-password fields and saves. */
export async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password)
  await page.getByLabel('Neues Passwort wiederholen').fill(password)
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
}

/** A registered account with a password, made through the API and the welcome mail's link. */
export async function accountWithPassword(
  page: Page,
  request: APIRequestContext,
  tenant: string,
  label: string,
): Promise<{ email: string; password: string }> {
  const email = freshEmail(label)
  const created = await request.post(`/api/v1/${tenant}/account/createEmpfehler`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...ownClientAddress() },
    data: { Vorname: 'Test', Nachname: label, Email: email },
  })
  expect(created.status()).toBe(200)
  const mail = await waitForMail(request, email, /Registrierung ab/)
  await page.goto(linkIn(mail.Text, `/${tenant}/registrieren`))
  await setNewPassword(page, NEW_PASSWORD)
  await expect(page).toHaveURL(new RegExp(`/${tenant}/persoenlicherbereich\\?passwort=gesetzt$`))
  // Leave the personal area first: once the cookies are gone its session check would send the page to
  // the login by itself, racing the caller's next navigation.
  await page.goto('about:blank')
  await page.context().clearCookies()
  return { email, password: NEW_PASSWORD }
}

/** The operator's support tool: a single-use admin login token for one referrer. */
export async function issueAdminToken(request: APIRequestContext, tenant: string, email: string) {
  const response = await request.post(`/api/v1/${tenant}/operator/adminLoginToken`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` },
    data: { Email: email, Grund: 'Kunde bat telefonisch um Hilfe', Bearbeiter: 'e2e-support' },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as { Token: string; Url: string; GueltigBis: string }
}

/** The answer of a captcha challenge (dev endpoint; the picture is meant for people). */
export async function captchaAnswer(request: APIRequestContext, page: Page): Promise<string> {
  const id = await page.locator('input[name="CaptchaId"]').inputValue()
  const response = await request.get(`/api/dev/captcha/${id}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { Loesung: string }).Loesung
}
