import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { exactUrl, expectNoAxeViolations, openPage } from './support'
import { sendToCorrectedAddress, sharedRecommendation } from './orders-support'

// The friend's journey as a user makes it, on a phone and on a desktop: the referrer's link → landing
// (step 1 of 4) → data (2) → the mail, with a corrected address (3) → terms (4) → forwarded to the order
// by itself; then the mailed link and the landing link again show where he stands. Every step: German
// texts, no sideways scrolling at 390 px, axe clean, screenshots under test-results/screens/friend-*.

const XRW = { 'X-Requested-With': 'XMLHttpRequest' }
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const SCREENS = path.resolve(__dirname, '..', '..', 'test-results', 'screens')

/** A new referrer, Lena Schröder, who keeps the whole reward: her confirmed recommendation's link. */
async function lenasRecommendation(request: APIRequestContext) {
  const shared = await sharedRecommendation(request, {
    anteil: 100,
    names: ['Lena', 'Schröder'],
    label: 'lena',
  })
  return { nr: shared.nr, link: shared.link, email: shared.referrerEmail }
}

/** No sideways scrolling on a phone. */
async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `page width at 390 px on ${page.url()}`).toBeLessThanOrEqual(390)
}

/** The step at 390 × 844 (overflow checked) and at 1280 × 800, as full-page PNGs; back on the phone. */
async function shoot(page: Page, name: string, { desktop = true } = {}) {
  mkdirSync(SCREENS, { recursive: true })
  await page.setViewportSize(PHONE)
  await expectNoOverflow(page)
  await page.screenshot({ path: path.join(SCREENS, `friend-${name}-phone.png`), fullPage: true })
  if (!desktop) return
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: path.join(SCREENS, `friend-${name}-desktop.png`), fullPage: true })
  await page.setViewportSize(PHONE)
}

test('the friend completes his path on a phone, and his links do not strand him afterwards', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  const lena = await lenasRecommendation(page.request)
  await context.route('https://www.lumenta.example/**', (route) =>
    route.fulfill({ body: 'Bestellseite', contentType: 'text/plain' }),
  )

  // Step 1: the landing sells the offer on the first screen; no bonus is promised that he does not get.
  await openPage(page, `${lena.link}?channel=whatsapp`)
  await expect(page.getByText('Schritt 1 von 4: Angebot ansehen')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Lena S. empfiehlt Ihnen Lumenta Zuhause M',
  )
  const benefit = page.getByRole('region', { name: 'Ihr Vorteil' })
  await expect(benefit.getByText(/monatlich$/)).toBeVisible()
  await expect(benefit.getByText('Empfohlen von Lena S.')).toBeVisible()
  await expect(page.getByText(/Prämie für Sie/)).toHaveCount(0)
  await expect(page.getByText('Schröder')).toHaveCount(0)
  // The offer's prices with their footnote, as on the recommend form.
  await expect(page.getByText(/Mindestvertragslaufzeit 24 Monate/)).toBeVisible()
  const cta = page.getByRole('link', { name: 'Jetzt Daten eingeben' })
  await expect(cta).toBeInViewport({ ratio: 1 })
  await expectNoAxeViolations(page)
  await shoot(page, '1-landing')
  // The consent banner (its own screenshots elsewhere) out of the way for the following steps.
  await page.getByRole('button', { name: 'Nur erforderliche' }).click()

  // Step 2: the data, with the phone's number pad and the browser's autofill.
  await cta.click()
  await expect(page).toHaveURL(exactUrl(`/demo/empfaengerdaten/${lena.nr}`, 'channel=whatsapp'))
  await expect(page.getByText('Schritt 2 von 4: Daten eingeben')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihr Angebot' }).getByText('Lumenta Zuhause M')).toBeVisible()
  for (const [label, autocomplete, inputmode] of [
    ['Vorname', 'given-name', null],
    ['Nachname', 'family-name', null],
    ['Geburtsdatum', 'bday', 'numeric'],
    ['E-Mail-Adresse', 'email', null],
    ['Telefonnummer', 'tel', null],
    ['Straße', 'address-line1', null],
    ['Postleitzahl', 'postal-code', 'numeric'],
    ['Ort', 'address-level2', null],
  ] as const) {
    const field = page.getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('autocomplete', autocomplete)
    if (inputmode) await expect(field).toHaveAttribute('inputmode', inputmode)
  }
  await expectNoAxeViolations(page)
  await shoot(page, '2-data')
  await page.getByLabel('Anrede').selectOption('Herr')
  await page.getByLabel('Vorname', { exact: true }).fill('Tim')
  await page.getByLabel('Nachname', { exact: true }).fill('Freund')
  // Typed on the number pad, the date gets its dots.
  await page.getByLabel('Geburtsdatum').pressSequentially('09031988')
  await expect(page.getByLabel('Geburtsdatum')).toHaveValue('09.03.1988')
  const typo = freshEmail('tim-vertippt')
  await page.getByLabel('E-Mail-Adresse').fill(typo)
  await page.getByLabel('Telefonnummer').fill(`0171 ${Math.floor(1e6 + Math.random() * 8e6)}`)
  await page.getByLabel('Straße').fill('Kastanienallee')
  await page.getByLabel('Hausnummer').fill(`${Math.floor(Math.random() * 900) + 1}`)
  await page.getByLabel('Postleitzahl').fill('10435')
  await page.getByLabel('Ort').fill('Berlin')
  await page.getByRole('button', { name: 'Daten speichern' }).click()

  // Step 3: the success message in view (not the footer), the mail again or to a corrected address.
  const saved = page.getByRole('status').filter({ hasText: 'Ihre Daten wurden erfolgreich gespeichert.' })
  await expect(saved).toBeInViewport()
  await expect(page.getByText('Schritt 3 von 4: E-Mail bestätigen')).toBeVisible()
  await expect(
    page.getByText(`Wir haben Ihnen eine E-Mail an ${typo} gesendet.`, { exact: false }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '3-saved')
  const email = freshEmail('tim')
  await sendToCorrectedAddress(page, email)
  await expectNoAxeViolations(page)
  await shoot(page, '3-corrected')
  const mail = await waitForMail(page.request, email, /^Bitte bestätigen Sie Ihre Daten/)
  // The referrer is named as on the web.
  expect(mail.Text).toContain('Lena S. hat Ihnen Lumenta Zuhause M von Lumenta Telekom empfohlen')
  expect(mail.Text).not.toContain('Schröder')
  const confirmLink = linkIn(mail.Text, '/demo/empfaengerbestaetigung')

  // Step 4: the terms, their text once, one message for the unticked box.
  await page.goto(confirmLink)
  await expect(page).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  await expect(page.getByText('Schritt 4 von 4: Zustimmen und bestellen')).toBeVisible()
  await expect(page.getByText(/Teilnahmebedingungen des/)).toHaveCount(1)
  await page.getByRole('button', { name: 'Zustimmen' }).click()
  await expect(page.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toHaveCount(1)
  await expect(page.getByText('Dies ist ein Pflichtfeld.')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await shoot(page, '4-terms')
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Zustimmen' }).click()
  await expect(
    page.getByText(/Sie werden jetzt zur Bestellseite von Lumenta Telekom weitergeleitet/),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Weiter zur Bestellung von Lumenta Zuhause M' })).toBeVisible()
  await page.screenshot({ path: path.join(SCREENS, 'friend-4-forwarding-phone.png'), fullPage: true })
  // On to the order page by itself, with the attribution.
  await expect(page).toHaveURL(/^https:\/\/www\.lumenta\.example\/bestellen\/LUM-/, { timeout: 15_000 })
  const order = new URL(page.url())
  expect(order.searchParams.get('empfehlung')).toBe(lena.nr)
  expect(order.searchParams.get('kanal')).toBe('whatsapp')

  // The referrer hears of it.
  const news = await waitForMail(page.request, lena.email, / hat die Empfehlung angenommen$/)
  expect(news.Betreff).toBe('Tim F. hat die Empfehlung angenommen')

  // The mailed link again: no dead end, but where he stands and the way to the order.
  await openPage(page, confirmLink)
  await expect(page).toHaveURL(exactUrl(lena.link))
  await expect(page.getByRole('heading', { name: 'Ihre Daten sind bestätigt' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Jetzt Daten eingeben' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Weiter zur Bestellung von Lumenta Zuhause M' })).toBeVisible()
  await expect(page.getByText('Schritt 4 von 4')).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '5-again')
  // The data page does not ask for the data again either.
  await openPage(page, `/demo/empfaengerdaten/${lena.nr}`)
  await expect(page.getByRole('heading', { name: 'Ihre Daten sind bestätigt' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Daten speichern' })).toHaveCount(0)
  await expectNoOverflow(page)
  await page.getByRole('link', { name: 'Weiter zur Bestellung von Lumenta Zuhause M' }).click()
  await expect(page).toHaveURL(/^https:\/\/www\.lumenta\.example\/bestellen\/LUM-/)
})

test('a friend with a reward share sees it first, and the used link in another browser is explained', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE)
  const email = freshEmail('lena-teilt')
  const created = await page.request.post('/api/v1/demo/Empfehlen/create', {
    headers: XRW,
    data: {
      Empfehlung: { Produkt: 462, AgbText: 'Ich akzeptiere die Teilnahmebedingungen.', AnteilEmpfehler: 50 },
      Empfehler: { Vorname: 'Lena', Nachname: 'Schröder', Email: email },
    },
  })
  expect(created.status()).toBe(409)
  const optin = await waitForMail(page.request, email, /^Bitte bestätigen Sie Ihre Empfehlung/)
  const token = new URL(linkIn(optin.Text, '/demo/bestaetigung'), 'http://x').searchParams.get('token')
  const confirmed = await page.request.put('/api/v1/demo/empfehler/teilnahme', {
    headers: XRW,
    data: { Token: token },
  })
  const { Empfehlungsnummer } = (await confirmed.json()) as { Empfehlungsnummer: string }
  await openPage(page, `/demo/empfehlung/${Empfehlungsnummer}`)
  await expect(page.getByRole('heading', { level: 2, name: /^35\s€ Prämie für Sie$/ })).toBeInViewport()
  await expect(page.getByRole('link', { name: 'Jetzt Daten eingeben' })).toBeInViewport({ ratio: 1 })
  await expectNoAxeViolations(page)
  await shoot(page, '1-landing-reward')

  // A friend's confirmation link used before, opened in a browser that does not know him.
  const friendEmail = freshEmail('tim-zwei')
  const saved = await page.request.post(`/api/v1/demo/empfaenger/create/${Empfehlungsnummer}`, {
    headers: { ...XRW, 'X-Forwarded-For': '2001:db8::f21' },
    data: {
      anrede: 'Herr',
      vorname: 'Tim',
      name: 'Zweitbrowser',
      geburtsdatum: '1988-03-09',
      email: friendEmail,
      telefon: `+49 160 ${Math.floor(1e6 + Math.random() * 8e6)}`,
      werbeeinwilligung: false,
      adresse: {
        strasse: 'Ulmenweg',
        hausnummer: `${Math.floor(Math.random() * 900) + 1}`,
        plz: '28195',
        ort: 'Bremen',
      },
    },
  })
  expect(saved.status()).toBe(200)
  const mail = await waitForMail(page.request, friendEmail, /^Bitte bestätigen Sie Ihre Daten/)
  const link = linkIn(mail.Text, '/demo/empfaengerbestaetigung')
  await page.goto(link)
  await expect(page).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  const other = await browser.newContext({ viewport: PHONE })
  const second = await other.newPage()
  await openPage(second, link)
  await expect(
    second.getByRole('status').filter({ hasText: 'Ihre Daten sind bereits bestätigt.' }),
  ).toBeVisible()
  await expectNoAxeViolations(second)
  await expectNoOverflow(second)
  await other.close()
})

test('a friend who confirmed on another device and left before agreeing gets a new link', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  const lena = await lenasRecommendation(page.request)
  // Browser A (the phone) saves the data.
  await openPage(page, `/demo/empfaengerdaten/${lena.nr}`)
  await page.getByRole('button', { name: 'Nur erforderliche' }).click()
  await page.getByLabel('Anrede').selectOption('Frau')
  await page.getByLabel('Vorname', { exact: true }).fill('Uta')
  await page.getByLabel('Nachname', { exact: true }).fill('Zweigeraet')
  await page.getByLabel('Geburtsdatum').pressSequentially('14071990')
  const email = freshEmail('uta')
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByLabel('Telefonnummer').fill(`0172 ${Math.floor(1e6 + Math.random() * 8e6)}`)
  await page.getByLabel('Straße').fill('Lindenstraße')
  await page.getByLabel('Hausnummer').fill(`${Math.floor(Math.random() * 900) + 1}`)
  await page.getByLabel('Postleitzahl').fill('50674')
  await page.getByLabel('Ort').fill('Köln')
  await page.getByRole('button', { name: 'Daten speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Daten wurden erfolgreich gespeichert.' }),
  ).toBeVisible()
  const mail = await waitForMail(page.request, email, /^Bitte bestätigen Sie Ihre Daten/)
  const firstLink = linkIn(mail.Text, '/demo/empfaengerbestaetigung')

  // Browser B (the laptop) opens the mail's link and leaves at the terms.
  const laptop = await browser.newContext({ viewport: DESKTOP })
  const b = await laptop.newPage()
  await openPage(b, firstLink)
  await expect(b).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  await laptop.close()

  /** The confirmation link of the newest mail to her that is none of these. */
  const newLinkBesides = async (known: string[]) => {
    let found = ''
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
          const { Nachrichten } = (await response.json()) as { Nachrichten: { Text: string }[] }
          const links = Nachrichten.map((m) => linkIn(m.Text, '/demo/empfaengerbestaetigung'))
          found = links.find((l) => !known.includes(l)) ?? ''
          return found !== ''
        },
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBe(true)
    return found
  }

  // The link once more in a browser that knows nothing of her: a new link at a tap, which goes on there.
  const fresh = await browser.newContext({ viewport: PHONE })
  const c = await fresh.newPage()
  await openPage(c, firstLink)
  await expect(c.getByRole('status').filter({ hasText: 'Ihre Daten sind bereits bestätigt.' })).toBeVisible()
  await expect(
    c.getByText(
      'Möchten Sie auf diesem Gerät weitermachen? Wir senden Ihnen einen neuen Link an Ihre E-Mail-Adresse. Öffnen Sie ihn hier – dann geht es weiter zur Zustimmung oder zur Bestellung.',
    ),
  ).toBeVisible()
  await expectNoAxeViolations(c)
  await expectNoOverflow(c)
  await c.getByRole('button', { name: 'Neuen Link senden' }).click()
  await expect(
    c.getByRole('status').filter({ hasText: 'Wir haben Ihnen einen neuen Link gesendet.' }),
  ).toBeVisible()
  await shoot(c, '6-renewed-link')
  const renewedLink = await newLinkBesides([firstLink])
  await openPage(c, renewedLink)
  await expect(c).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  await expect(c.getByRole('checkbox', { name: /Teilnahmebedingungen/ })).toBeVisible()
  await fresh.close()

  // Back on the phone: confirmed, the terms missing, and a new link at a tap.
  await openPage(page, lena.link)
  await expect(page.getByRole('heading', { name: 'Ihre Daten sind bestätigt' })).toBeVisible()
  await expect(
    page.getByText(
      'Es fehlt nur noch Ihre Zustimmung zu den Teilnahmebedingungen. Aus Sicherheitsgründen ist Ihre Sitzung abgelaufen: Wir senden Ihnen gern einen neuen Link, der Sie direkt dorthin führt.',
    ),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Neuen Link senden' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Wir haben die E-Mail erneut an ${email} gesendet.` }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '6-new-link')
  const secondLink = await newLinkBesides([firstLink, renewedLink])

  // The new link leads to the terms, and on to the order.
  await page
    .context()
    .route('https://www.lumenta.example/**', (route) =>
      route.fulfill({ body: 'Bestellseite', contentType: 'text/plain' }),
    )
  await openPage(page, secondLink)
  await expect(page).toHaveURL(exactUrl('/demo/empfaenger/zustimmung'))
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Zustimmen' }).click()
  await expect(page.getByRole('link', { name: 'Weiter zur Bestellung von Lumenta Zuhause M' })).toBeVisible()
})
