import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { NEW_PASSWORD, freshEmail, linkIn, register, setNewPassword, waitForMail } from './accounts-support'
import { ORIGIN, exactUrl, expectNoAxeViolations, saveScreenshot } from './support'

// Mailed one-time links never strand anyone (issue 19, finding 1): the participation link of a new
// referrer opened a second time — in the same browser, or in another one where he has no password —
// and a login link opened twice. And no mail links anywhere but to the portal's own address (finding 13).

const OPTIN_SUBJECT = /^Bitte bestätigen Sie Ihre Empfehlung/
const LINK_MAIL_SUBJECT = /^Ihre Empfehlung für .* ist bereit$/
const LOGIN_LINK_SUBJECT = /^Ihr Anmeldelink für den /

/** A new referrer's recommendation through the main API: the opt-in mail is on its way. */
async function recommendAsNewReferrer(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/demo/Empfehlen/create', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      Empfehlung: {
        Produkt: 462,
        Channel: 'web',
        Empfehlungslink: true,
        AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
        AnteilEmpfehler: 100,
      },
      Empfehler: { Vorname: 'Mara', Nachname: 'Zweitklick', Email: email },
    },
  })
  expect((await response.json()).Code).toBe('OptInRequired')
}

/** A page in a browser of its own (no cookies of the other): the referrer on another device. */
async function otherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'de-DE' })
  return context.newPage()
}

test('the participation link opened twice leads on, and a login link by mail replaces the missing password', async ({
  page,
  browser,
}) => {
  const email = freshEmail('zweiter-klick')
  await recommendAsNewReferrer(page.request, email)
  const optin = await waitForMail(page.request, email, OPTIN_SUBJECT)
  const confirmLink = linkIn(optin.Text, '/demo/bestaetigung')

  // First opening: the share screen, and the personal link comes by mail as the screen says.
  await page.goto(confirmLink)
  await expect(page).toHaveURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung' })).toBeVisible()
  const nummer = new URL(page.url()).searchParams.get('empfehlung')!
  const linkMail = await waitForMail(page.request, email, LINK_MAIL_SUBJECT)
  expect(linkMail.Text).toContain(`${ORIGIN}/demo/empfehlung/${nummer}`)

  // Second tap in the same browser: straight on to the personal area, no error.
  await page.goto(confirmLink)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Mara Zweitklick' })).toBeVisible()

  // On another device: no password is asked for; a login link is offered instead.
  const phone = await otherDevice(browser)
  await phone.setViewportSize({ width: 390, height: 844 })
  await phone.goto(confirmLink)
  await expect(phone).toHaveURL(exactUrl('/demo/login', 'link=bestaetigt'))
  await expect(phone.getByRole('heading', { level: 1, name: 'Anmeldung per E-Mail-Link' })).toBeVisible()
  await expect(
    phone.getByRole('status').filter({ hasText: 'Ihre Teilnahme ist bereits bestätigt' }),
  ).toBeVisible()
  await expect(phone.getByText('Dieser Link wurde bereits')).toHaveCount(0)
  await expectNoAxeViolations(phone)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await saveScreenshot(phone, 'mailed-link-confirmed-again-phone')
  await phone.getByLabel('E-Mail-Adresse').fill(email)
  await phone.getByRole('button', { name: 'Anmeldelink senden' }).click()
  await expect(phone.getByRole('status').filter({ hasText: 'ist Ihr Anmeldelink unterwegs' })).toBeVisible()

  const loginMail = await waitForMail(phone.request, email, LOGIN_LINK_SUBJECT)
  const loginLink = linkIn(loginMail.Text, '/demo/login')
  await phone.goto(loginLink)
  await expect(phone).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(phone.getByRole('heading', { level: 1, name: 'Willkommen, Mara Zweitklick' })).toBeVisible()

  // The link mail's button opens the share screen behind the login (a forwarded mail logs nobody in);
  // on a device without a login, the login screen offers the login link beside the password.
  const fourth = await otherDevice(browser)
  await fourth.goto(linkIn(linkMail.Text, '/demo/bestaetigung'))
  await expect(fourth.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await expect(fourth.getByRole('link', { name: 'Ohne Passwort anmelden: Link per E-Mail' })).toBeVisible()
  await fourth.context().close()

  // The login link once more, on a third device: a fresh link is offered, no dead end.
  const third = await otherDevice(browser)
  await third.goto(loginLink)
  await expect(third).toHaveURL(exactUrl('/demo/login', 'link=verwendet'))
  await expect(
    third.getByRole('status').filter({ hasText: 'Dieser Anmeldelink wurde bereits verwendet' }),
  ).toBeVisible()
  await expect(third.getByRole('button', { name: 'Anmeldelink senden' })).toBeVisible()
  await third.getByRole('link', { name: 'Mit Passwort anmelden' }).click()
  await expect(third.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await phone.context().close()
  await third.context().close()
})

test('the welcome link opened again after the password was set leads on, or to the login', async ({
  page,
  browser,
}) => {
  const email = freshEmail('willkommen-zweimal')
  await register(page, 'demo', email)
  const welcome = await waitForMail(page.request, email, /Registrierung ab$/)
  const setLink = linkIn(welcome.Text, '/demo/registrieren')
  await page.goto(setLink)
  await setNewPassword(page, NEW_PASSWORD)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich', 'passwort=gesetzt'))

  await page.goto(setLink)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))

  const other = await otherDevice(browser)
  await other.goto(setLink)
  await expect(other.getByRole('main').getByRole('alert')).toContainText('bereits')
  await other.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await expect(other.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await other.context().close()
})

test('the login page offers a login link by mail', async ({ page }) => {
  await page.goto('/demo/login')
  await page.getByRole('link', { name: 'Ohne Passwort anmelden: Link per E-Mail' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/login', 'link=anfordern'))
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung per E-Mail-Link' })).toBeVisible()
  // The same answer for any address: nobody learns who takes part.
  await page.getByLabel('E-Mail-Adresse').fill(freshEmail('niemand'))
  await page.getByRole('button', { name: 'Anmeldelink senden' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'ist Ihr Anmeldelink unterwegs' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a login link asked for on the way to the share screen leads there once used', async ({
  page,
  browser,
}) => {
  const email = freshEmail('teilen-per-link')
  await recommendAsNewReferrer(page.request, email)
  const optin = await waitForMail(page.request, email, OPTIN_SUBJECT)
  await page.goto(linkIn(optin.Text, '/demo/bestaetigung'))
  await expect(page).toHaveURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  const nummer = new URL(page.url()).searchParams.get('empfehlung')!
  const linkMail = await waitForMail(page.request, email, LINK_MAIL_SUBJECT)

  // Another device, no password: the mail's share button asks for the login, and a link by mail will do.
  const other = await otherDevice(browser)
  await other.goto(linkIn(linkMail.Text, '/demo/bestaetigung'))
  await expect(other).toHaveURL(/\/demo\/login\?redirect=/)
  await other.getByRole('link', { name: 'Ohne Passwort anmelden: Link per E-Mail' }).click()
  await expect(other).toHaveURL(/\/demo\/login\?.*link=anfordern/)
  await expect(other.getByRole('heading', { level: 1, name: 'Anmeldung per E-Mail-Link' })).toBeVisible()
  await other.getByLabel('E-Mail-Adresse').fill(email)
  await other.getByRole('button', { name: 'Anmeldelink senden' }).click()
  await expect(other.getByRole('status').filter({ hasText: 'ist Ihr Anmeldelink unterwegs' })).toBeVisible()
  const loginMail = await waitForMail(other.request, email, LOGIN_LINK_SUBJECT)
  await other.goto(linkIn(loginMail.Text, '/demo/login'))
  await expect(other).toHaveURL(exactUrl('/demo/bestaetigung', `empfehlung=${nummer}`))
  await expect(other.getByLabel('Ihr persönlicher Empfehlungslink')).toBeVisible()
})

test('every link in every mail the demo tenants sent so far leads to the portal’s own address', async ({
  request,
}) => {
  // Besides the portal, a mail may name the provider's own website (MandantUrl, in the mail's footer).
  // Tenants that specs make with addresses of their own are left out: their settings decide.
  const foreign: string[] = []
  let mails = 0
  for (const tenant of ['demo', 'demo-closed']) {
    const config = await (await request.get(`/api/v1/mandant/${tenant}`)).json()
    const website = new URL(config.Settings.MandantUrl).origin
    const response = await request.get(`/api/dev/mailbox?tenant=${tenant}&limit=200`)
    const { Nachrichten } = (await response.json()) as { Nachrichten: { Betreff: string; Text: string }[] }
    mails += Nachrichten.length
    for (const mail of Nachrichten)
      for (const link of mail.Text.match(/https?:\/\/[^\s)>\]]+/g) ?? [])
        if (!link.startsWith(`${ORIGIN}/`) && new URL(link).origin !== website)
          foreign.push(`${tenant}: ${mail.Betreff}: ${link}`)
  }
  expect(mails).toBeGreaterThan(0)
  expect(foreign).toEqual([])
})
