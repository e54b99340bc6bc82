import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  CHANGED_PASSWORD,
  NEW_PASSWORD,
  accountWithPassword,
  captchaAnswer,
  freshEmail,
  issueAdminToken,
  linkIn,
  register,
  setNewPassword,
  waitForMail,
} from './accounts-support'
import { exactUrl, expectNoAxeViolations, openPage, saveScreenshot, submitLogin } from './support'

// SPEC §2.2 account screens, §4 sessions and single-use links, §5 password rule, §7.2/§7.3, §8 texts.

test('register → mail in the mailbox → set password → login → my data → change password → logout → forgot → reset', async ({
  page,
  request,
}) => {
  const email = freshEmail('walk')

  // Registration
  await openPage(page, '/demo/registrieren')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Kostenlos registrieren' }).click()
  await expect(page.getByText('Vorname ist ein Pflichtfeld')).toBeVisible()
  await expect(page.getByText('Dies ist ein Pflichtfeld.')).toBeVisible()
  await register(page, 'demo', email)
  await saveScreenshot(page, 'account-registration-sent')

  // The welcome mail in the local mailbox page
  await waitForMail(request, email, /Registrierung ab/)
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach' })).toBeVisible()
  await page
    .getByRole('link', {
      name: 'Willkommen beim Lumenta Freunde-Bonus: Bitte schließen Sie Ihre Registrierung ab',
    })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Willkommen beim Lumenta Freunde-Bonus: Bitte schließen Sie Ihre Registrierung ab',
  )
  const preview = page.frameLocator('iframe[title="Vorschau der E-Mail"]')
  await expect(
    preview.getByRole('link', { name: 'Passwort festlegen und Registrierung abschließen' }),
  ).toBeVisible()
  await expectNoAxeViolations(page, { skipFrames: ['iframe[title="Vorschau der E-Mail"]'] })
  await saveScreenshot(page, 'account-mailbox-welcome')
  const mailText = await page.locator('pre.mailbox-text').innerText()
  expect(mailText).not.toMatch(/Passwort:\s*\S/)

  // Complete the registration with a password; the rule is checked in the browser first
  await page.goto(linkIn(mailText, '/demo/registrieren'))
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz')
  await page.getByLabel('Neues Passwort wiederholen').fill('kurz')
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(
    page.getByText(
      'Das Passwort muss mindestens 8 Zeichen lang sein und einen Kleinbuchstaben, einen Großbuchstaben und eine Ziffer enthalten.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-set-password-rule')
  await setNewPassword(page, NEW_PASSWORD)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich', 'passwort=gesetzt'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Erika Probe')
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde gespeichert.' })).toBeVisible()

  // Log out, log in with the new password
  await openPage(page, '/demo/logout')
  await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(exactUrl('/demo'))
  await openPage(page, '/demo/login')
  await submitLogin(page, email, NEW_PASSWORD)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))

  // My data
  await page.getByRole('main').getByRole('link', { name: 'Meine Daten verwalten' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/meinedaten'))
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible()
  const personal = page.getByRole('region', { name: 'Persönliche Daten' })
  await expect(personal.getByText('Erika Probe')).toBeVisible()
  await expect(personal.getByText(email)).toBeVisible()
  await expect(personal.getByText('Frau', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-my-data')

  // Change the password: a wrong current one is refused, then the SPEC's success text
  await page.getByRole('link', { name: 'Passwort ändern' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/passwortaendern'))
  await page.getByLabel('Aktuelles Passwort').fill('Falsch-Passwort-9')
  await page.getByLabel('Neues Passwort', { exact: true }).fill(CHANGED_PASSWORD)
  await page.getByLabel('Neues Passwort wiederholen').fill(CHANGED_PASSWORD)
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Das aktuelle Passwort ist nicht korrekt.',
  )
  await page.getByLabel('Aktuelles Passwort').fill(NEW_PASSWORD)
  await page.getByLabel('Neues Passwort', { exact: true }).fill(CHANGED_PASSWORD)
  await page.getByLabel('Neues Passwort wiederholen').fill(CHANGED_PASSWORD)
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passwort erfolgreich geändert.' })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-change-password')
  await waitForMail(request, email, /Ihr Passwort wurde geändert/)
  // The session goes on with the new token.
  await openPage(page, '/demo/meinedaten')
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible()

  // Logout
  await openPage(page, '/demo/logout')
  await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(exactUrl('/demo'))

  // Password forgotten → reset link → logged in
  await openPage(page, '/demo/login')
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/passwortvergessen'))
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible()
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('button', { name: 'Link anfordern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Wenn zu dieser E-Mail-Adresse ein Konto besteht' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-forgot-password')
  const reset = await waitForMail(request, email, /Neues Passwort für Ihr Konto/)
  const resetLink = linkIn(reset.Text, '/demo/passwortsetzen')
  await page.goto(resetLink)
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible()
  await expectNoAxeViolations(page)
  await setNewPassword(page, NEW_PASSWORD)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich', 'passwort=gesetzt'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Erika Probe')

  // The reset link works once: opened again with the login, it leads on to the personal area;
  // without one, it says so and offers the login first, a new link second.
  await page.goto(resetLink)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await page.context().clearCookies()
  await page.goto(resetLink)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Dieser Link wurde bereits für eine Anmeldung verwendet. Bitte melden Sie sich mit Ihrem Passwort an oder fordern Sie einen neuen Link an.',
  )
  await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible()
})

test('the login link of a mail logs in once; a second use is refused', async ({ page, request }) => {
  const email = freshEmail('link')
  await register(page, 'demo', email, ['Lina', 'Link'])
  const mail = await waitForMail(request, email, /Registrierung ab/)
  const loginLink = linkIn(mail.Text, '/demo/login')

  await page.goto(loginLink)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Lina Link')

  // Used again in the same browser: on to the personal area; elsewhere: a new login link is offered.
  await page.goto(loginLink)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await page.context().clearCookies()
  await page.goto(loginLink)
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung per E-Mail-Link' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Dieser Anmeldelink wurde bereits verwendet. Fordern Sie einfach einen neuen an – ganz ohne Passwort.',
  )
  await expect(page).toHaveURL(exactUrl('/demo/login', 'link=verwendet'))
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-login-link-used')
})

test('an operator admin token logs support in as the referrer, with the support notice, once', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, 'demo', 'Support')
  const issued = await issueAdminToken(request, 'demo', account.email)
  expect(new URL(issued.Url).pathname).toBe(`/demo/login/${issued.Token}`)

  await page.goto(`/demo/login/${issued.Token}`)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Test Support')
  await expect(
    page.getByRole('status').filter({
      hasText:
        'Support-Sitzung: Sie sind als Test Support angemeldet. Änderungen wirken sich auf das Konto dieser Person aus.',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-admin-login')

  await page.context().clearCookies()
  await page.goto(`/demo/login/${issued.Token}`)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/bereits für eine Anmeldung verwendet/)
})

/** The answer of the login form's server action, so no earlier message is mistaken for the next one. */
function loginAnswer(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/demo/login',
  )
}

test('the third wrong password shows its message and the captcha at once; the right password with the captcha answer logs in', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, 'demo', 'CaptchaSofort')
  await page.context().clearCookies()
  // This test's failures count under an address of its own, not the suite's shared one.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8:e2e:${randomBytes(2).toString('hex')}::12` })
  await openPage(page, '/demo/login')
  const alert = page.getByRole('main').getByRole('alert')
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  for (let i = 1; i <= 3; i++) {
    const answered = loginAnswer(page)
    await submitLogin(page, account.email, `Falsch-Passwort-${i}`)
    await answered
    await expect(alert).toHaveText('Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.')
    if (i < 3) await expect(captcha).toHaveCount(0)
  }
  // The answer that makes the captcha necessary brings the picture with it.
  await expect(
    captcha.getByRole('img', { name: 'Bild mit fünf Zeichen für die Sicherheitsabfrage' }),
  ).toBeVisible()
  await expect(captcha.getByLabel('Zeichen aus dem Bild')).toBeEmpty()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-login-captcha')

  // The fourth try, with the right password and the captcha's answer, logs in.
  await captcha.getByLabel('Zeichen aus dem Bild').fill(await captchaAnswer(request, page))
  await submitLogin(page, account.email, account.password)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Test CaptchaSofort' })).toBeVisible()
})

test('repeated wrong passwords demand a captcha, then lock the account', async ({ page, request }) => {
  const account = await accountWithPassword(page, request, 'demo', 'Sperre')
  // This test's failures count under an address of its own, not the suite's shared one.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8:e2e:${randomBytes(2).toString('hex')}::23` })
  await openPage(page, '/demo/login')
  for (let i = 0; i < 3; i++) {
    const answered = loginAnswer(page)
    await submitLogin(page, account.email, `Falsch-Passwort-${i}`)
    await answered
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
    )
  }
  // The third failure brought the captcha; a try without its answer is refused.
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  await expect(
    captcha.getByRole('img', { name: 'Bild mit fünf Zeichen für die Sicherheitsabfrage' }),
  ).toBeVisible()
  await submitLogin(page, account.email, 'Falsch-Passwort-3')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Bitte bestätigen Sie zuerst das Captcha.',
  )

  // A wrong captcha answer is refused; the right one lets the (wrong) password be checked.
  const firstChallenge = await page.locator('input[name="CaptchaId"]').inputValue()
  await captcha.getByLabel('Zeichen aus dem Bild').fill('XXXXX')
  await page.getByLabel('Passwort', { exact: true }).fill('Falsch-Passwort-4')
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Das Captcha war leider falsch oder ist abgelaufen. Bitte versuchen Sie es erneut.',
  )
  await expect(page.locator('input[name="CaptchaId"]')).not.toHaveValue(firstChallenge)
  // Seven more wrong passwords, each with a solved captcha: the tenth failure locks the account.
  const challengeId = page.locator('input[name="CaptchaId"]')
  for (let failure = 4; failure <= 10; failure++) {
    const shown = await challengeId.inputValue()
    await captcha.getByLabel('Zeichen aus dem Bild').fill(await captchaAnswer(request, page))
    await page.getByLabel('Passwort', { exact: true }).fill(`Falsch-Passwort-${failure}`)
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    // Every answer brings a new picture while the account is not locked.
    if (failure < 10) await expect(challengeId).not.toHaveValue(shown)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      failure < 10
        ? 'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.'
        : 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an unseren Support.',
    )
  }

  // Locked: even the right password is refused.
  await page.goto('/demo/login')
  await submitLogin(page, account.email, account.password)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Ihr Konto ist gesperrt. Bitte wenden Sie sich an unseren Support.',
  )
  await saveScreenshot(page, 'account-locked')
})

/** A new demo account with a password, logged in on Meine Daten. */
async function onMyDataOfNewAccount(page: Page, request: APIRequestContext, label: string) {
  const account = await accountWithPassword(page, request, 'demo', label)
  await openPage(page, '/demo/login')
  await submitLogin(page, account.email, account.password)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await openPage(page, '/demo/meinedaten')
  return account
}

test('deleting the account removes it and every mail to it', async ({ page, request }) => {
  const account = await onMyDataOfNewAccount(page, request, 'Loeschen')
  const danger = page.getByRole('region', { name: 'Konto löschen' })
  await danger.getByRole('button', { name: 'Konto endgültig löschen' }).click()
  await expect(danger.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toBeVisible()
  await danger.getByLabel('Ja, ich möchte mein Konto und alle meine Daten endgültig löschen.').check()
  await expectNoAxeViolations(page)
  await danger.getByRole('button', { name: 'Konto endgültig löschen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/login', 'konto=geloescht'))
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihr Konto und Ihre persönlichen Daten wurden gelöscht.' }),
  ).toBeVisible()
  await saveScreenshot(page, 'account-deleted')

  await submitLogin(page, account.email, account.password)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
  )
  const mailbox = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(account.email)}`)
  expect(((await mailbox.json()) as { Nachrichten: unknown[] }).Nachrichten).toEqual([])
})

/** Opens the newsletter link (`optin` or `optout`) of the mail: its heading and status text, accessible. */
async function followNewsletterLink(
  page: Page,
  mailText: string,
  kind: 'optin' | 'optout',
  expected: { heading: string; status: string },
) {
  await page.goto(linkIn(mailText, `/demo/empfehler/newsletter/${kind}`))
  await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(expected.status)
  await expectNoAxeViolations(page)
}

test('newsletter double opt-in: request in my data, confirm by mail, unsubscribe by link', async ({
  page,
  request,
}) => {
  const account = await onMyDataOfNewAccount(page, request, 'Newsletter')
  const newsletter = page.getByRole('region', { name: 'Newsletter' })
  await expect(newsletter.getByText('Sie erhalten derzeit keinen Newsletter.')).toBeVisible()
  await newsletter.getByRole('button', { name: 'Newsletter abonnieren' }).click()
  await expect(newsletter.getByRole('status')).toHaveText(
    'Fast geschafft: Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen gerade gesendet haben.',
  )
  // Said once: the state below does not repeat it.
  await expect(newsletter.getByText(/Wir haben Ihnen am \d\d\.\d\d\.\d{4} eine E-Mail/)).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'account-newsletter-pending')

  // Asking again the same day answers OptinMailAlreadySent; the state says when the mail went out.
  await newsletter.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click()
  await expect(newsletter.getByRole('alert')).toHaveText(
    /Wir haben Ihnen bereits eine E-Mail zur Bestätigung gesendet/,
  )
  await expect(
    newsletter.getByText(/Wir haben Ihnen am \d\d\.\d\d\.\d{4} eine E-Mail zur Bestätigung gesendet/),
  ).toBeVisible()

  const mail = await waitForMail(request, account.email, /Newsletter/)
  await followNewsletterLink(page, mail.Text, 'optin', {
    heading: 'Newsletter bestätigen',
    status: 'Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.',
  })
  await saveScreenshot(page, 'account-newsletter-confirmed')

  await openPage(page, '/demo/meinedaten')
  await expect(newsletter.getByText('Sie erhalten unseren Newsletter.')).toBeVisible()

  await followNewsletterLink(page, mail.Text, 'optout', {
    heading: 'Newsletter abbestellen',
    status: 'Sie haben den Newsletter abbestellt. Sie erhalten keine weiteren Newsletter-E-Mails von uns.',
  })
  await openPage(page, '/demo/meinedaten')
  await expect(newsletter.getByText('Sie erhalten derzeit keinen Newsletter.')).toBeVisible()
})
