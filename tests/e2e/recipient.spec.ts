import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { captchaAnswer, freshEmail, linkIn, waitForMail } from './accounts-support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { sendToCorrectedAddress, sharedRecommendation } from './orders-support'
import { exactUrl, expectNoAxeViolations, openPage, ORIGIN, saveScreenshot } from './support'

// The recipient's side of SPEC §2.1/§2.2: a referral link or code → landing → data → confirmation mail
// → consent → the provider's order page with the attribution; expired and blocked recommendations.

const XRW = { 'X-Requested-With': 'XMLHttpRequest' }

/** A new referrer's shareable recommendation (50:50). */
const recommendationOf = (request: APIRequestContext, produkt = 462) =>
  sharedRecommendation(request, { produkt })

test('a friend follows the link, enters data, confirms, agrees and reaches the order page', async ({
  page,
  context,
}) => {
  const shared = await recommendationOf(page.request)
  await openPage(page, `${shared.link}?channel=whatsapp`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Jana L. empfiehlt Ihnen Lumenta Zuhause M',
  )
  await expect(page.getByRole('heading', { name: /^35\s€ Prämie für Sie$/ })).toBeVisible()
  // The product is shown without the referrer's reward, so the friend's 35 € is the amount on the page.
  await expect(page.getByText(/^70\s€ Prämie$/)).toHaveCount(0)
  await expect(page.getByText(/^Diese Empfehlung gilt bis \d\d\.\d\d\.\d{4}\.$/)).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-landing-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'recipient-landing-phone')
  await page.setViewportSize({ width: 1280, height: 720 })

  await page.getByRole('link', { name: 'Jetzt Daten eingeben' }).click()
  await expect(page).toHaveURL(exactUrl(`/demo/empfaengerdaten/${shared.nr}`, 'channel=whatsapp'))
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeVisible()

  // Every message of the form.
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  for (const message of [
    'Anrede ist ein Pflichtfeld',
    'Vorname ist ein Pflichtfeld',
    'Nachname ist ein Pflichtfeld',
    'Geburtsdatum ist ein Pflichtfeld',
    'E-Mail-Adresse ist ein Pflichtfeld',
    'Telefonnummer ist ein Pflichtfeld',
    'Straße ist ein Pflichtfeld',
    'Hausnummer ist ein Pflichtfeld',
    'Postleitzahl ist ein Pflichtfeld',
    'Ort ist ein Pflichtfeld',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  const birth = page.getByLabel('Geburtsdatum')
  await birth.fill('1990-05-17')
  await expect(page.getByText('Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.')).toBeVisible()
  await birth.fill('31.02.1990')
  await expect(page.getByText('Dieses Datum gibt es nicht.')).toBeVisible()
  await birth.fill(`01.01.${new Date().getFullYear() - 10}`)
  await expect(page.getByText('Sie müssen mindestens 18 Jahre alt sein.')).toBeVisible()
  await birth.fill('17.05.1890')
  await expect(page.getByText('Bitte prüfen Sie das Geburtsjahr.')).toBeVisible()
  await birth.fill('17.05.1990')
  await page.getByLabel('E-Mail-Adresse').fill('kein-at')
  await expect(page.getByText('Dies ist keine gültige E-Mail-Adresse.')).toBeVisible()
  await page.getByLabel('Postleitzahl').fill('123')
  await expect(page.getByText('Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.')).toBeVisible()
  await page.getByLabel('Postleitzahl').fill('00123')
  await expect(page.getByText('Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.')).toBeVisible()

  await page.getByLabel('Anrede').selectOption('Frau')
  await page.getByLabel('Vorname').fill('Mara')
  await page.getByLabel('Nachname').fill('Muster')
  await page.getByLabel('Telefonnummer').fill('0171 2345678')
  await page.getByLabel('Straße').fill('Lindenweg')
  await page.getByLabel('Hausnummer').fill('12a')
  await page.getByLabel('Postleitzahl').fill('10115')
  await page.getByLabel('Ort').fill('Berlin')
  // The referrer's own address is refused by the server.
  await page.getByLabel('E-Mail-Adresse').fill(shared.referrerEmail)
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.' }),
  ).toBeVisible()
  // At the field it concerns, which takes the focus: the button at the end of the form is far below.
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused()
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription(
    'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
  )
  const email = freshEmail('freund')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('checkbox', { name: /darf mich per E-Mail und Telefon/ }).check()
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Daten wurden erfolgreich gespeichert.' }),
  ).toBeVisible()
  await expect(
    page.getByText(`Wir haben Ihnen eine E-Mail an ${email} gesendet.`, { exact: false }),
  ).toBeVisible()
  await saveScreenshot(page, 'recipient-data-saved')

  const mail = await waitForMail(page.request, email, /^Bitte bestätigen Sie Ihre Daten/)
  await page.goto(linkIn(mail.Text, '/demo/empfaengerbestaetigung'))
  await expect(page).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  await expect(
    page.getByRole('heading', { level: 1, name: 'Teilnahmebedingungen und Datenschutz' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Zustimmen' }).click()
  await expect(page.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toBeVisible()
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Zustimmen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Vielen Dank! Ihre Zustimmung ist gespeichert.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-consent')

  // Bank data for the friend's cash reward: a bad IBAN is refused, a good one is saved and shown masked.
  await page.getByRole('link', { name: 'Bankdaten für Ihre Prämie hinterlegen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/bankdaten'))
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
  await page.getByLabel('Kontoinhaber').fill('Mara Muster')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(page.getByText('IBAN ist nicht gültig', { exact: true })).toBeVisible()
  await page.getByLabel('IBAN').fill('de89 3704 0044 0532 0130 00')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gespeichert.' }),
  ).toBeVisible()
  await expect(page.getByText('IBAN DE89 •••• •••• •••• ••30 00, Kontoinhaber M••• M•••••')).toBeVisible()
  await expect(page.getByText('0532 0130')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-bank-data')

  // Saved: the way on to the order is right there. The provider's order page (answered locally)
  // receives the attribution.
  await context.route('https://www.lumenta.example/**', (route) => route.fulfill({ body: 'Bestellung' }))
  await page.getByRole('link', { name: 'Weiter zur Bestellung von Lumenta Zuhause M' }).click()
  await expect(page).toHaveURL(/^https:\/\/www\.lumenta\.example\/bestellen\/LUM-/)
  const order = new URL(page.url())
  expect(order.searchParams.get('empfehlung')).toBe(shared.nr)
  expect(order.searchParams.get('empfaenger')).toMatch(/^[0-9A-Z]{10}$/)
  expect(order.searchParams.get('kanal')).toBe('whatsapp')
})

/** Fills the data form of the current page with one person's data and saves it. */
async function saveFriendData(page: Page, person: { email: string; telefon: string; hausnummer: string }) {
  await page.getByLabel('Anrede').selectOption('Herr')
  await page.getByLabel('Vorname').fill('Ole')
  await page.getByLabel('Nachname').fill('Zweitgerät')
  await page.getByLabel('Geburtsdatum').fill('02.02.1982')
  await page.getByLabel('E-Mail-Adresse').fill(person.email)
  await page.getByLabel('Telefonnummer').fill(person.telefon)
  await page.getByLabel('Straße').fill('Birkenweg')
  await page.getByLabel('Hausnummer').fill(person.hausnummer)
  await page.getByLabel('Postleitzahl').fill('20095')
  await page.getByLabel('Ort').fill('Hamburg')
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Daten wurden erfolgreich gespeichert.' }),
  ).toBeVisible()
}

test('the same data sent from a second browser mail the link again there, but only the first browser may change the address', async ({
  page,
  browser,
}) => {
  const shared = await recommendationOf(page.request)
  const person = {
    email: freshEmail('zweitgeraet'),
    telefon: `0172 ${Math.floor(1e6 + Math.random() * 8e6)}`,
    hausnummer: `${Math.floor(Math.random() * 900) + 1}`,
  }
  await openPage(page, `/demo/empfaengerdaten/${shared.nr}`)
  await saveFriendData(page, person)
  const correct = page.getByText('E-Mail-Adresse falsch eingegeben? Adresse ändern')
  await expect(correct).toBeVisible()

  // Another browser (the referrer, who knows the number and the friend's address, or the friend's
  // second device) sends the same data: the friend's address gets the mail again, and there is no way
  // to send it anywhere else.
  const other = await browser.newContext({ locale: 'de-DE' })
  const second = await other.newPage()
  await openPage(second, `${ORIGIN}/demo/empfaengerdaten/${shared.nr}`)
  await saveFriendData(second, person)
  // That browser cannot know whether a mail went out (none does past the hourly limit or once the
  // friend confirmed), so it names no address.
  const alreadySaved = second.getByText(
    'Ihre Daten sind bereits gespeichert. Bitte bestätigen Sie sie über den Link in unserer E-Mail.',
  )
  await expect(alreadySaved).toBeVisible()
  await expect(second.getByText('E-Mail-Adresse falsch eingegeben? Adresse ändern')).toHaveCount(0)
  await expect(second.getByRole('button', { name: 'E-Mail erneut senden' })).toHaveCount(0)
  await expectNoAxeViolations(second)
  await second.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(second, 'recipient-data-sent-again-phone')
  // Opened again there, the page still says the data are saved.
  await second.reload()
  await expect(alreadySaved).toBeVisible()
  await other.close()

  // The first browser still corrects the address.
  const corrected = freshEmail('zweitgeraet-richtig')
  await sendToCorrectedAddress(page, corrected)
  await waitForMail(page.request, corrected, /^Bitte bestätigen Sie Ihre Daten/)
})

test('in English: link, landing, details, confirmation, consent and the order page', async ({
  page,
  context,
}) => {
  const shared = await recommendationOf(page.request)
  await openPage(page, shared.link.replace('/demo/', '/demo/en/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jana L. recommends Lumenta Home M to you')
  await expect(page.getByRole('heading', { name: /^€35 reward for you$/ })).toBeVisible()
  await page.getByRole('link', { name: 'Enter my details now' }).click()
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Date of birth is a required field', { exact: true })).toBeVisible()
  await page.getByLabel('Salutation').selectOption('Herr')
  await page.getByLabel('First name').fill('Tom')
  await page.getByLabel('Last name').fill('Sample')
  await page.getByLabel('Date of birth').fill('02.03.1988')
  const email = freshEmail('friend-en')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Phone number').fill('+49 30 1234567')
  await page.getByLabel('Street').fill('Parkstraße')
  await page.getByLabel('House number').fill('5')
  await page.getByLabel('Postcode').fill('10117')
  await page.getByLabel('Town').fill('Berlin')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your details have been saved successfully.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const mail = await waitForMail(page.request, email, /^Please confirm your details/)
  await page.goto(linkIn(mail.Text, '/demo/en/empfaengerbestaetigung'))
  await expect(page).toHaveURL(exactUrl('/demo/en/empfaenger/zustimmung'))
  await page.getByRole('checkbox', { name: /terms of participation/ }).check()
  await page.getByRole('button', { name: 'Accept' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you! Your consent has been saved.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await context.route('https://www.lumenta.example/**', (route) => route.fulfill({ body: 'Order' }))
  await page.getByRole('link', { name: /^Continue to order/ }).click()
  await expect(page).toHaveURL(
    new RegExp(`^https://www\\.lumenta\\.example/bestellen/LUM-[^?]+\\?empfehlung=${shared.nr}&`),
  )
})

test('in English: a code leads to the data entry; wrong codes get a clear message', async ({ page }) => {
  const shared = await recommendationOf(page.request, 531)
  const response = await page.goto('/demo/en/exklusiv')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(exactUrl('/demo/en/code'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Congratulations – you have been recommended!',
  )
  await expect(page.getByText(/on the recommendation card or in the message/)).toBeVisible()
  await page.getByLabel('Recommendation code').fill('AAAA-AAAA')
  await page.getByRole('button', { name: 'Redeem code' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'We do not know this recommendation code.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-code-en')
  await page
    .getByLabel('Recommendation code')
    .fill(`${shared.code.slice(0, 4).toLowerCase()} ${shared.code.slice(4)}`)
  await page.getByRole('button', { name: 'Redeem code' }).click()
  await expect(page).toHaveURL(exactUrl(`/demo/en/empfaengerdaten/${shared.nr}`, 'einsprungsquelle=code'))
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
  const offer = page.getByRole('region', { name: 'Your offer' })
  await expect(offer.getByText('Lumenta Mobile M')).toBeVisible()
  await expect(offer.getByText('€25 reward for you')).toBeVisible()
  await expect(offer.getByText('Recommended by Jana L.')).toBeVisible()
  await expect(page.getByLabel('Date of birth')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('German code page: the fifth wrong code shows its message and the captcha at once; the right code with the captcha answer goes on', async ({
  page,
}) => {
  const shared = await recommendationOf(page.request, 531)
  // Wrong codes count per client: this test's under an address of its own.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8:e2e:${randomBytes(2).toString('hex')}::5` })
  await openPage(page, '/demo/code')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Herzlichen Glückwunsch – Sie wurden empfohlen!',
  )
  const field = page.getByLabel('Empfehlungscode')
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  const alert = page.getByRole('alert').filter({ hasText: 'Diesen Empfehlungscode kennen wir leider nicht.' })
  /** Sends the form and waits for the server's answer, so no earlier message is mistaken for it. */
  const send = async () => {
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/demo/code',
    )
    await page.getByRole('button', { name: 'Code einlösen' }).click()
    await answered
  }
  for (let i = 1; i <= 5; i++) {
    await field.fill('CCCC-CCCC')
    await send()
    await expect(alert).toHaveText(
      'Diesen Empfehlungscode kennen wir leider nicht. Bitte prüfen Sie Ihre Eingabe – der Code besteht aus acht Buchstaben und Ziffern.',
    )
    if (i < 5) await expect(captcha).toHaveCount(0)
  }
  // The fifth wrong code brings the picture with its answer.
  await expect(
    captcha.getByRole('img', { name: 'Bild mit fünf Zeichen für die Sicherheitsabfrage' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-code-captcha')

  // The sixth try, with the right code and the captcha's answer, goes on to the data entry.
  await field.fill(shared.code)
  await captcha.getByLabel('Zeichen aus dem Bild').fill(await captchaAnswer(page.request, page))
  await page.getByRole('button', { name: 'Code einlösen' }).click()
  await expect(page).toHaveURL(exactUrl(`/demo/empfaengerdaten/${shared.nr}`, 'einsprungsquelle=code'))
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeVisible()
})

test('an expired and a blocked recommendation cannot be followed', async ({ page }) => {
  await openPage(page, '/demo/empfehlungabgelaufen')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Empfehlung ist leider abgelaufen.')
  await expectNoAxeViolations(page)

  const shared = await recommendationOf(page.request)
  const lock = await page.request.put('/api/v1/demo/operator/kontosperre', {
    headers: { ...XRW, Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` },
    data: { Email: shared.referrerEmail, Gesperrt: true, Bearbeiter: 'e2e' },
  })
  expect(lock.status()).toBe(200)
  await page.goto(shared.link)
  await expect(page).toHaveURL(exactUrl('/demo/empfehlungabgelaufen', 'grund=gesperrt'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Diese Empfehlung ist leider nicht mehr möglich',
  )
  await page.goto(`/demo/empfaengerdaten/${shared.nr}`)
  await expect(page).toHaveURL(exactUrl('/demo/empfehlungabgelaufen', 'grund=gesperrt'))
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recipient-blocked')
})
