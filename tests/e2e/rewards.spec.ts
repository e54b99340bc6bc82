import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import { friendFollows, report } from './orders-support'
import { expectNoAxeViolations, openPage, saveScreenshot } from './support'

// Rewards (SPEC §2.2 PersoenlicherBereich, PraemieWaehlen, PraemieDaten, PraemieDanke; §4 status bar):
// the referrer's personal area through every state of a recommendation, picking cash with bank data,
// the friend's reward link with a voucher, and a cancelled order.

const XRW = { 'X-Requested-With': 'XMLHttpRequest' }
const OPERATOR = { Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` }
const IBAN = 'DE89 3704 0044 0532 0130 00'

const isoDaysAgo = (days: number) => germanToday(new Date(Date.now() - days * 86_400_000))
const germanDate = (iso: string) => iso.split('-').reverse().join('.')

type Referral = { nr: string; referrerEmail: string }

/**
 * A new referrer's recommendation (50:50) through the API; the opt-in mail's link confirms it and logs
 * the referrer in, and the share screen it leads to names the recommendation.
 */
async function recommendation(page: Page): Promise<Referral> {
  const { request } = page
  const referrerEmail = freshEmail('praemie')
  const created = await request.post('/api/v1/demo/Empfehlen/create', {
    headers: XRW,
    data: {
      Empfehlung: { Produkt: 462, AgbText: 'Ich akzeptiere die Teilnahmebedingungen.', AnteilEmpfehler: 50 },
      Empfehler: { Vorname: 'Paula', Nachname: 'Prämie', Email: referrerEmail },
    },
  })
  expect(created.status()).toBe(409)
  const mail = await waitForMail(request, referrerEmail, /^Bitte bestätigen Sie Ihre Empfehlung/)
  await page.goto(linkIn(mail.Text, '/demo/bestaetigung'))
  await expect(page).toHaveURL(/\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  const nr = new URL(page.url()).searchParams.get('empfehlung')!
  return { nr, referrerEmail }
}

async function openDashboard(page: Page) {
  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Paula Prämie' })).toBeVisible()
}

function card(page: Page) {
  return page
    .locator('li.recommendation')
    .filter({ has: page.getByRole('heading', { name: 'Lumenta Zuhause M' }) })
}

test('the personal area follows a recommendation from sending to the paid reward', async ({ page }) => {
  const { request } = page
  const referral = await recommendation(page)

  // Sent, nobody reacted yet: sharing again is the next step.
  await openDashboard(page)
  await expect(card(page).getByText('Ihr Freund hat noch nicht reagiert.')).toBeVisible()
  await expect(
    card(page).getByRole('list', { name: 'Fortschritt der Empfehlung' }).getByRole('listitem'),
  ).toHaveText(['Empfohlen', 'Freund reagiert', 'Vertrag', 'Prämie'])
  await expect(
    card(page).getByRole('link', { name: 'Empfehlung für Lumenta Zuhause M erneut teilen' }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihr Prämienkonto' })).toContainText(/Bereit0\s€/)

  // The friend enters and confirms data: said so, and no order is claimed (none exists yet).
  const friend = await friendFollows(request, referral.nr)
  await page.reload()
  await expect(
    card(page).getByText('Ihr Freund hat seine Daten bestätigt. Eine Bestellung ist noch nicht eingegangen.'),
  ).toBeVisible()
  await expect(card(page)).not.toContainText('in Bearbeitung')

  // The provider reports the contract (dated 35 days ago, the recommendation moved 40 days back).
  const backdated = await request.put(`/api/dev/zurueckdatieren/demo/${referral.nr}?tage=40`)
  expect(backdated.status()).toBe(200)
  const order = {
    Auftragsnummer: `E2E-${randomUUID().slice(0, 12)}`,
    Empfaengernummer: friend.empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: isoDaysAgo(35),
  }
  await report(request, { ...order, Status: 'Offen' })
  await page.reload()
  await expect(
    card(page).getByText(
      `Ihr Freund hat am ${germanDate(order.Auftragsdatum)} bestellt. Der Auftrag ist in Bearbeitung.`,
    ),
  ).toBeVisible()
  await expect(card(page).locator('[aria-current="step"]')).toHaveText('Vertrag')

  // Completed, and the complaint period is over: the reward is ready, with its mail.
  await report(request, { ...order, Status: 'Gezahlt' })
  await waitForMail(request, referral.referrerEmail, /^Ihre Prämie von 35\s€ steht bereit$/)
  await page.reload()
  await expect(card(page).getByText('Holen Sie jetzt Ihre Prämie ab.')).toBeVisible()
  await expect(page.getByText('Eine Prämie steht für Sie bereit.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihr Prämienkonto' })).toContainText(/Bereit35\s€/)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'rewards-dashboard-ready')

  // PraemieDaten: a transfer needs bank data; a wrong IBAN is refused in German.
  await card(page).getByRole('link', { name: 'Prämie für Lumenta Zuhause M abholen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Prämie für Ihre Empfehlung: 35\s€$/)
  await expect(
    page.getByText(`Lumenta Zuhause M · Auftrag vom ${germanDate(order.Auftragsdatum)}`),
  ).toBeVisible()
  await page.getByRole('radio', { name: /Überweisung auf Ihr Konto/ }).check()
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
  await page.getByLabel('Kontoinhaber').fill('Paula Prämie')
  await page.getByRole('button', { name: 'Prämie jetzt abholen' }).click()
  await expect(page.getByText('IBAN ist nicht gültig')).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'rewards-pick-cash')
  await page.getByLabel('IBAN').fill(IBAN)
  // Logged in, the referrer may keep the account for later rewards.
  await page.getByRole('checkbox', { name: 'Diese Bankdaten auch für künftige Prämien speichern' }).check()
  await page.getByRole('button', { name: 'Prämie jetzt abholen' }).click()
  await expect(page).toHaveURL(/\/demo\/praemiedanke\?auswahl=Bargeld$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible()
  await expect(
    page.getByText('Ihre Prämie ist abgeholt. Wir überweisen sie in etwa 4 Wochen auf Ihr Konto.'),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'rewards-thanks')
  await openPage(page, '/demo/empfehler/bankdaten')
  await expect(page.getByText('DE89 •••• •••• •••• ••30 00')).toBeVisible()

  // Picked, waiting for the transfer; the reward page shows the masked account.
  await openDashboard(page)
  await expect(card(page).getByText('Ihre Prämie steht bereit – die Auszahlung folgt.')).toBeVisible()
  // Chosen, it moves in the account from "Bereit" to "Auszahlung folgt".
  await expect(page.getByRole('region', { name: 'Ihr Prämienkonto' })).toContainText(
    /Bereit0\s€Auszahlung folgt35\s€/,
  )
  await card(page).getByRole('link', { name: 'Prämie für Lumenta Zuhause M ansehen' }).click()
  await expect(
    page.getByText(
      'Sie haben die Überweisung gewählt. Wir zahlen die Prämie auf das Konto DE89 •••• •••• •••• ••30 00 aus.',
    ),
  ).toBeVisible()
  await expect(page.getByText(IBAN.replace(/ /g, ''))).toHaveCount(0)
  // Chosen: the page is "Ihre Prämie" now, and its history names the choice.
  await expect(
    page.getByRole('navigation', { name: 'Brotkrumennavigation' }).locator('[aria-current="page"]'),
  ).toHaveText('Ihre Prämie')
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
    'Ausgewählt: Überweisung auf Ihr Konto',
  )

  // The operator exports the SEPA file and marks it paid: the personal area says paid.
  const exported = await request.post('/api/v1/demo/operator/auszahlungen', {
    headers: { ...OPERATOR, ...XRW },
    data: { Art: 'SEPA' },
  })
  expect(exported.status()).toBe(200)
  const { Id } = (await exported.json()) as { Id: string }
  const paid = await request.put(`/api/v1/demo/operator/auszahlungen/${Id}/bezahlt`, {
    headers: { ...OPERATOR, ...XRW },
  })
  expect(paid.status()).toBe(200)
  await openDashboard(page)
  await expect(card(page).getByText('Ihre Prämie wurde ausgezahlt.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihr Prämienkonto' })).toContainText(/Ausgezahlt35\s€/)
  await saveScreenshot(page, 'rewards-dashboard-paid')

  // PraemieWaehlen lists it as paid.
  await page.getByRole('link', { name: 'Alle Prämien ansehen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Prämien' })).toBeVisible()
  await expect(
    page.getByRole('listitem').filter({ hasText: /Prämie für Ihre Empfehlung: 35\s€/ }),
  ).toContainText('Ausgezahlt')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'rewards-list')

  // The friend collects their half as a voucher through the mailed link, without login.
  const code = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`
  const imported = await request.post('/api/v1/demo/operator/gutscheine', {
    headers: { ...OPERATOR, ...XRW },
    data: { Gutscheine: [{ Code: code, WertCent: 3500, Anbieter: 'Lesefreude Buchhandel' }] },
  })
  expect(imported.status()).toBe(200)
  const friendMail = await waitForMail(request, friend.email, /^Ihre Prämie von 35\s€ steht bereit$/)
  const friendLink = friendMail.Text.match(
    /https?:\/\/\S+\/demo\/praemie\/[0-9A-Z]{10}\?token=[A-Za-z0-9_-]+/,
  )![0]
  const url = new URL(friendLink)
  const browser = page.context().browser()!
  const guest = await browser.newContext({ locale: 'de-DE', baseURL: new URL(page.url()).origin })
  const friendPage = await guest.newPage()
  await openPage(friendPage, `${url.pathname}${url.search}`)
  await expect(friendPage.getByRole('heading', { level: 1 })).toHaveText(/^Ihre Prämie: 35\s€$/)
  await expectNoAxeViolations(friendPage)
  await saveScreenshot(friendPage, 'rewards-friend-link')
  await friendPage.getByRole('radio', { name: /Gutschein per E-Mail/ }).check()
  await expect(friendPage.getByLabel('IBAN')).toHaveCount(0)
  await friendPage.getByRole('button', { name: 'Prämie jetzt abholen' }).click()
  await expect(friendPage).toHaveURL(/\/demo\/praemiedanke\?auswahl=Gutschein$/)
  await expect(
    friendPage.getByText(
      'Ihre Prämie ist abgeholt. Ihren Gutscheincode erhalten Sie innerhalb von 24 Stunden per E-Mail.',
    ),
  ).toBeVisible()
  await expect(friendPage.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toBeVisible()
  // Back from the thanks: the reward as it stands now, not its pick form again.
  await friendPage.goBack()
  await expect(
    friendPage.getByRole('navigation', { name: 'Brotkrumennavigation' }).locator('[aria-current="page"]'),
  ).toHaveText('Ihre Prämie')
  await expect(friendPage.getByRole('button', { name: 'Prämie jetzt abholen' })).toHaveCount(0)
  const voucherMail = await waitForMail(request, friend.email, /^Ihr Gutschein über 35\s€$/)
  const assigned = voucherMail.Text.match(/Gutscheincode: (\S+)/)![1]!
  // Opened again, the link shows the code; a second pick is impossible.
  await openPage(friendPage, `${url.pathname}${url.search}`)
  await expect(friendPage.getByText(assigned, { exact: true })).toBeVisible()
  await expect(friendPage.getByRole('button', { name: 'Prämie jetzt abholen' })).toHaveCount(0)
  await saveScreenshot(friendPage, 'rewards-friend-voucher')
  // A broken link says what the SPEC says.
  await openPage(friendPage, `${url.pathname}?token=${'x'.repeat(43)}`)
  await expect(
    friendPage.getByText(
      'Beim Abholen Ihrer Prämie ist ein Problem aufgetreten. Bitte wenden Sie sich an unseren Support.',
    ),
  ).toBeVisible()
  await guest.close()
})

test('a cancelled order shows no contract, and the reward list asks a visitor to log in', async ({
  page,
}) => {
  const { request } = page
  const referral = await recommendation(page)
  const friend = await friendFollows(request, referral.nr)
  const order = {
    Auftragsnummer: `E2E-${randomUUID().slice(0, 12)}`,
    Empfaengernummer: friend.empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: isoDaysAgo(0),
  }
  await report(request, { ...order, Status: 'Offen' })
  await report(request, { ...order, Status: 'Storniert' })
  await openDashboard(page)
  await expect(card(page).getByText('Es ist kein Vertrag zustande gekommen.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.context().clearCookies()
  await openPage(page, '/demo/praemie')
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Prämien' })).toBeVisible()
  await expect(
    page.getByText(
      'Bitte melden Sie sich an oder öffnen Sie den Link aus unserer E-Mail, um Ihre Prämie abzuholen.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible()
  await expectNoAxeViolations(page)
})
