import { expect, test, type Page } from '@playwright/test'
import { accountWithPassword, captchaAnswer, freshEmail, linkIn, waitForMail } from './accounts-support'
import {
  DEMO_SHARE_CHANNELS,
  exactUrl,
  expectNoAxeViolations,
  openPage,
  saveScreenshot,
  submitLogin,
} from './support'

// The recommend flow of SPEC §2.2/§4: product → form → opt-in mail → confirmation → share screen with
// the tenant's channels, QR code, story picture and code → the personal area lists the recommendation.

const OPTIN_SUBJECT = /^Bitte bestätigen Sie Ihre Empfehlung|^Please confirm your recommendation/
const SUCCESS =
  'Ihre Empfehlung wurde erfolgreich erstellt. Der Link zu Ihrer Empfehlung wurde an die angegebene E-Mail-Adresse versendet.'

/** Decoded query value of a share link, with non-breaking spaces as plain ones. */
function param(href: string, name: string): string {
  const query = href.slice(href.indexOf('?') + 1).replace(/^&/, '')
  return (new URLSearchParams(query).get(name) ?? '').replace(/\u00a0/g, ' ')
}

async function fillReferrer(page: Page, email: string, names = ['Erika', 'Probe']) {
  await page.getByLabel('Vorname').fill(names[0]!)
  await page.getByLabel('Nachname').fill(names[1]!)
  await page.getByLabel('E-Mail-Adresse').fill(email)
}

async function confirmFromMail(page: Page, email: string, tenant = 'demo', locale: 'de' | 'en' = 'de') {
  const mail = await waitForMail(page.request, email, OPTIN_SUBJECT)
  await page.goto(linkIn(mail.Text, `/${tenant}${locale === 'en' ? '/en' : ''}/bestaetigung`))
  await expect(page).toHaveURL(/\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  return mail
}

test('a new referrer recommends a product, confirms by mail and shares it on every channel', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPage(page, '/demo')
  await page.getByRole('link', { name: 'Internet & Telefon ansehen' }).click()
  await page.getByRole('link', { name: 'Lumenta Zuhause M jetzt empfehlen' }).click()
  await expect(page).toHaveURL(/\/demo\/empfehlen\/462\?kategorie=internet#empfehlen-form$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumenta Zuhause M empfehlen')
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByRole('link', { name: 'Internet & Telefon' })).toBeVisible()
  await expect(breadcrumb.getByText('Empfehlen')).toHaveAttribute('aria-current', 'page')
  const product = page.getByRole('region', { name: 'Lumenta Zuhause M' })
  await expect(product.getByText(/^70\s€ Prämie$/)).toBeVisible()
  await expect(product.getByText(/^Ab \d\d\.\d\d\.\d{4}: 75\s€ Prämie \(bisher 70\s€\)\.$/)).toBeVisible()

  // The product's footnote: a numbered marker leading to its text.
  await expect(product.getByRole('link', { name: 'Fußnote 1' })).toHaveAttribute(
    'href',
    '#fussnote-fn-preis-24',
  )
  await expect(page.getByRole('region', { name: 'Fußnoten' }).getByRole('listitem')).toHaveText(
    /^Festnetz-Tarife: Mindestvertragslaufzeit 24 Monate/,
  )

  // The reward share: default 100 % for the referrer, 50:50 halves the amount.
  const share = page.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
  await expect(share.getByRole('radio', { name: /Ich erhalte die Prämie/ })).toBeChecked()
  await expect(share.getByText(/je 35\s€ für Sie und Ihren Freund/)).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-form-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'recommend-form-phone')
  await page.setViewportSize({ width: 1280, height: 720 })

  // Sent empty: the SPEC's messages, nothing created.
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page.getByText('Vorname ist ein Pflichtfeld')).toBeVisible()
  await expect(page.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeVisible()
  await expect(page.getByText('Dies ist ein Pflichtfeld.')).toBeVisible()
  await expect(page.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toBeVisible()
  await expectNoAxeViolations(page)

  const email = freshEmail('empfehlung')
  await fillReferrer(page, email)
  await page.getByLabel('E-Mail-Adresse').fill('kein-at-zeichen')
  await page.getByLabel('Vorname').click()
  await expect(page.getByText('Dies ist keine gültige E-Mail-Adresse.')).toBeVisible()
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await share.getByRole('radio', { name: /Wir teilen die Prämie 50:50/ }).check()
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  // The messages go as the fields become valid (the button moves up); click once they are gone.
  await expect(page.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()

  // Opt-in: the success text and where the mail went.
  await expect(page).toHaveURL(exactUrl('/demo/bestaetigung'))
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre Teilnahme' })).toBeVisible()
  await expect(
    page.getByText(`Wir haben Ihnen eine E-Mail an ${email} gesendet.`, { exact: false }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-optin')
  // The mail's link opens a screen titled as its heading's step, before its button is used.
  expect(await (await page.request.get('/demo/bestaetigung?token=unbenutzt')).text()).toContain(
    '<title>Teilnahme bestätigen – ',
  )

  const mail = await confirmFromMail(page, email)
  expect(mail.Betreff).toBe('Bitte bestätigen Sie Ihre Empfehlung: Lumenta Zuhause M')
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()
  await expect(page.getByText(/^Ihre Empfehlung ist gültig bis \d\d\.\d\d\.\d{4}\.$/)).toBeVisible()

  // The personal link, copied with feedback.
  const linkField = page.getByLabel('Ihr persönlicher Empfehlungslink')
  const link = await linkField.inputValue()
  expect(link).toMatch(/^http:\/\/localhost:\d+\/demo\/empfehlung\/[0-9A-Z]{10}$/)
  await page.getByRole('button', { name: 'Link kopieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link kopiert!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  // Every channel of the tenant with the 50:50 wording: WhatsApp first, the messengers and social
  // channels in their sort order, then the mail services folded into one group.
  const channels = page.getByRole('region', { name: 'Teilen über' })
  await channels.getByText('Per E-Mail teilen').click()
  await expect(channels.getByRole('link')).toHaveText(DEMO_SHARE_CHANNELS)
  const hrefOf = async (name: string) =>
    (await channels.getByRole('link', { name: new RegExp(`^Per ${name} teilen`) }).getAttribute('href'))!
  const short = (channel: string) =>
    `Hallo! Ich bin Kunde bei Lumenta Telekom und kann Lumenta Zuhause M wirklich empfehlen. Wenn du über meinen Link bestellst, erhalten wir beide 35 € Prämie: ${link}?channel=${channel}`
  const whatsapp = await hrefOf('WhatsApp')
  expect(whatsapp.startsWith('https://wa.me/?text=')).toBe(true)
  expect(param(whatsapp, 'text')).toBe(short('whatsapp'))
  expect(param(await hrefOf('SMS'), 'body')).toBe(short('sms'))
  const mailto = await hrefOf('E-Mail')
  expect(mailto.startsWith('mailto:?subject=')).toBe(true)
  expect(param(mailto, 'subject')).toBe('Meine Empfehlung für dich: Lumenta Zuhause M von Lumenta Telekom')
  expect(param(mailto, 'body')).toBe(
    `Hallo,\n\nich bin Kunde bei Lumenta Telekom und sehr zufrieden. Deshalb möchte ich dir Lumenta Zuhause M empfehlen.\n\nWenn du über meinen persönlichen Empfehlungslink bestellst, erhalten wir beide 35 € Prämie:\n${link}?channel=email\n\nViele Grüße\nErika Probe`,
  )
  const gmail = await hrefOf('Gmail')
  expect(gmail.startsWith('https://mail.google.com/mail/?view=cm&fs=1&su=')).toBe(true)
  expect(param(gmail, 'body')).toContain(`${link}?channel=gmail\n\nViele Grüße\nErika Probe`)
  expect((await hrefOf('Outlook')).startsWith('https://outlook.live.com/mail/0/deeplink/compose?')).toBe(true)
  expect(param(await hrefOf('Outlook'), 'body')).toContain(`${link}?channel=outlook`)
  expect((await hrefOf('Yahoo Mail')).startsWith('https://compose.mail.yahoo.com/?')).toBe(true)
  const facebook = await hrefOf('Facebook')
  expect(facebook.startsWith('https://www.facebook.com/dialog/share?app_id=104857600012345&')).toBe(true)
  expect(param(facebook, 'href')).toBe(`${link}?channel=facebook`)
  expect(param(await hrefOf('XING'), 'url')).toBe(`${link}?channel=xing`)
  expect((await hrefOf('LinkedIn')).startsWith('https://www.linkedin.com/sharing/share-offsite/?url=')).toBe(
    true,
  )
  expect(param(await hrefOf('LinkedIn'), 'url')).toBe(`${link}?channel=linkedin`)
  const twitter = await hrefOf('X \\(Twitter\\)')
  expect(param(twitter, 'url')).toBe(`${link}?channel=twitter`)
  expect(param(twitter, 'text')).toContain('erhalten wir beide 35 € Prämie')

  // A channel opens its site in a new window with the prepared text (the site is answered locally).
  await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }))
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    channels.getByRole('link', { name: /^Per WhatsApp teilen/ }).click(),
  ])
  expect(param(popup.url(), 'text')).toBe(short('whatsapp'))
  await popup.close()

  // QR code, story picture (1080×1920) and the typable code.
  await expect(page.getByRole('img', { name: 'QR-Code zu Ihrem Empfehlungslink' })).toBeVisible()
  const story = page.getByRole('img', {
    name: /^Story-Bild: Mein Tipp für dich – Lumenta Zuhause M von Lumenta Telekom, für dich 35\s€ Prämie, Code /,
  })
  await expect(story).toBeVisible()
  await expect
    .poll(() => story.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([1080, 1920])
  const codeSection = page.getByRole('region', { name: 'Ihr Empfehlungscode' })
  await expect(codeSection.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)).toBeVisible()
  await expect(codeSection.getByRole('button', { name: 'Empfehlungskarte drucken' })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-share-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'recommend-share-phone')
  await page.setViewportSize({ width: 1280, height: 720 })

  // Passing it on in person: the Danke page with the steps and the card.
  const code = (await codeSection.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent())!
  await codeSection
    .getByRole('link', { name: 'Persönlich weitergeben: Empfehlungskarte und Schritte' })
    .click()
  await expect(page).toHaveURL(/\/demo\/danke\?empfehlung=[0-9A-Z]{10}$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung!' }),
  ).toBeVisible()
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^Ihr Freund gibt den Code unter http:\/\/localhost:\d+\/demo\/code ein/ }),
  ).toBeVisible()
  await expect(page.getByText(code, { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'danke-offline')
  await page.goBack()

  // The story picture as a file, for a person to look at.
  const picture = await page.request.get((await story.getAttribute('src'))!)
  expect(picture.headers()['content-type']).toBe('image/png')

  // The personal area lists it, sharable again.
  await openPage(page, '/demo/persoenlicherbereich')
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Lumenta Zuhause M' }) })
  await expect(item.getByText('Aktiv', { exact: true })).toBeVisible()
  await expect(item.getByText('Ihr Freund hat noch nicht reagiert.')).toBeVisible()
  await expect(item.getByText(link)).toBeVisible()
  await expect(item.getByText(/^70\s€ – Prämie 50:50 geteilt$/)).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'dashboard-recommendations')
  await item.getByRole('link', { name: 'Empfehlung für Lumenta Zuhause M erneut teilen' }).click()
  await expect(page).toHaveURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}$/)
  await expect(page.getByLabel('Ihr persönlicher Empfehlungslink')).toHaveValue(link)
  // Shared again later: no "just created" message.
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Empfehlung teilen' })).toBeVisible()
  await expect(page.getByText('Ihre Empfehlung wurde erfolgreich erstellt.')).toHaveCount(0)

  // The story's deep link into the app: on a device without Instagram the page stays and says so.
  // (Last: a browser without any handler for the app's scheme keeps that navigation pending.)
  await page.getByRole('button', { name: 'Instagram öffnen' }).click()
  await expect(
    page.getByText('Die App ist auf diesem Gerät offenbar nicht installiert.', { exact: false }),
  ).toBeVisible()
})

test('in English: a new referrer recommends a mobile tariff and reaches the share screen', async ({
  page,
}) => {
  await openPage(page, '/demo/en/empfehlen/531')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recommend Lumenta Mobile M')
  const email = freshEmail('english')
  await page.getByLabel('First name').fill('Emma')
  await page.getByLabel('Last name').fill('Sample')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('radio', { name: /My friend receives the reward/ }).check()
  await page.getByRole('checkbox', { name: /terms of participation/ }).check()
  await page.getByRole('button', { name: 'Create recommendation' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en/bestaetigung'))
  await expect(page.getByRole('heading', { name: 'Please confirm your participation' })).toBeVisible()
  await expectNoAxeViolations(page)
  const mail = await confirmFromMail(page, email, 'demo', 'en')
  expect(mail.Betreff).toBe('Please confirm your recommendation: Lumenta Mobile M')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your recommendation' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Share your recommendation now' })).toBeVisible()
  const whatsapp = await page.getByRole('link', { name: /^Share via WhatsApp/ }).getAttribute('href')
  expect(param(whatsapp!, 'text')).toMatch(/If you order through my link, you get a €50 reward: http/)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-share-en')
})

test('a logged-in referrer recommends with the account data, without opt-in, and with a captcha after many', async ({
  page,
  request,
}) => {
  // A referrer of its own: the demo referrer has a history (recommendations of these products, today's
  // count), and this test counts from none.
  const account = await accountWithPassword(page, request, 'demo-closed', 'Vielempfehler')
  await openPage(page, '/demo-closed/login')
  await submitLogin(page, account.email, account.password)
  await expect(page).toHaveURL(exactUrl('/demo-closed/persoenlicherbereich'))
  await openPage(page, '/demo-closed/empfehlen/5101')
  await expect(page.getByLabel('Vorname')).toHaveValue('Test')
  await expect(page.getByLabel('Vorname')).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(account.email.toLowerCase())
  await expect(page.getByText('Sie empfehlen als Test Vielempfehler.', { exact: false })).toBeVisible()
  // demo-closed offers the referrer's reward or 50:50, 50:50 by default.
  const share = page.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
  await expect(share.getByRole('radio')).toHaveCount(2)
  await expect(share.getByRole('radio', { name: /50:50/ })).toBeChecked()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-closed-logged-in')
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page).toHaveURL(/\/demo-closed\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()

  // demo-closed's channels: e-mail, WhatsApp, LinkedIn and SMS; no Instagram story.
  const channels = page.getByRole('region', { name: 'Teilen über' })
  await expect(channels.getByRole('link')).toHaveText(['WhatsApp', 'LinkedIn', 'SMS', 'E-Mail'])
  await expect(page.getByRole('heading', { name: 'Instagram-Story' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Ihr Empfehlungscode' })).toHaveCount(0)
  await saveScreenshot(page, 'recommend-closed-share')

  // Passed on in person without a code (demo-closed makes none): the steps go by the link.
  const nr = new URL(page.url()).searchParams.get('empfehlung')!
  await openPage(page, `/demo-closed/danke?empfehlung=${nr}`)
  const steps = page.getByRole('region', { name: 'In drei Schritten zur Prämie' }).getByRole('listitem')
  await expect(steps).toHaveText([
    'Teilen Sie Ihren persönlichen Link – per Nachricht, per E-Mail oder als QR-Code.',
    'Ihr Freund öffnet den Link, gibt seine Daten ein und wählt sein Produkt.',
    /^Schließt Ihr Freund einen Vertrag ab/,
  ])
  await expect(
    page.getByText('Für diese Empfehlung gibt es keinen Empfehlungscode.', { exact: false }),
  ).toBeVisible()

  // The same product again, on a phone: already recommended, the message taken into view (the button
  // is a screen below it), with the way to the list.
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/demo-closed/empfehlen/5101')
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  const exists = page.getByRole('alert').filter({ hasText: 'Diese Empfehlung wurde bereits erstellt.' })
  await expect(exists).toBeInViewport()
  await expect(page.getByRole('link', { name: 'Zu Ihren Empfehlungen' })).toBeInViewport()
  await page.setViewportSize({ width: 1280, height: 720 })

  // Four more products reach the tenant's daily number; the next one needs the captcha.
  for (const id of [5102, 5103, 5104, 5201]) {
    await openPage(page, `/demo-closed/empfehlen/${id}`)
    // The referrer's name is in the form before the referrer sends it.
    await expect(page.getByLabel('Vorname')).toHaveValue('Test')
    await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
    await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
    await expect(page).toHaveURL(/\/bestaetigung\?empfehlung=/)
  }
  await openPage(page, '/demo-closed/empfehlen/5202')
  await expect(page.getByLabel('Vorname')).toHaveValue('Test')
  await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  await expect(captcha).toBeVisible()
  await expectNoAxeViolations(page)
  await captcha.getByRole('textbox').fill('FALSCH')
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Das Captcha war leider falsch oder ist abgelaufen.' }),
  ).toBeVisible()
  await captcha.getByRole('textbox').fill(await captchaAnswer(page.request, page))
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page).toHaveURL(/\/demo-closed\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)

  await openPage(page, '/demo-closed/persoenlicherbereich')
  await expect(
    page.getByRole('region', { name: 'Ihre Empfehlungen' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(6)
})

test('before the opt-in, the same product again offers to resend the mail', async ({ page }) => {
  const email = freshEmail('nochmal')
  for (let round = 0; round < 2; round++) {
    await openPage(page, '/demo/empfehlen/462')
    await fillReferrer(page, email, ['Max', 'Muster'])
    await page.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
    await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
    if (round === 0) await expect(page).toHaveURL(exactUrl('/demo/bestaetigung'))
  }
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte nutzen Sie den Link aus unserer E-Mail oder fordern Sie die E-Mail erneut an.',
    }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'E-Mail erneut senden' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Wir haben Ihnen die E-Mail erneut gesendet.' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  // Unknown products are not found.
  const response = await page.goto('/demo/empfehlen/999999')
  expect(response?.status()).toBe(404)
})
