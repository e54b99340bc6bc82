import { expect, test, type Locator, type Page } from '@playwright/test'
import { banner, dialog } from './consent-fixtures'
import { DEMO, exactUrl, expectNoAxeViolations, openPage, submitLogin } from './support'

// Issue 19, "referrer collects": the demo referrer's personal area with its seeded history (every
// status, rewards ready and paid), collecting a ready reward as cash with bank data, and the thank-you;
// phone (390×844) and desktop (1280×800) screenshots of every step, no sideways scrolling on a phone,
// a one-row header on a phone, axe clean.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const IBAN = 'DE89 3704 0044 0532 0130 00'

/** The page at phone and desktop width: no horizontal overflow on the phone, a screenshot of each. */
async function shoot(page: Page, step: string) {
  for (const [name, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size)
    if (name === 'phone')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: `test-results/screens/collect-${step}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize(PHONE)
}

function card(page: Page, status: string | RegExp): Locator {
  return page.locator('li.recommendation').filter({ hasText: status })
}

test.use({ viewport: PHONE })

test('the referrer sees his history and reward account, and collects a ready reward', async ({ page }) => {
  // 1. Login, reached from the personal area; the cookie banner is a compact sheet on the phone.
  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await expect(banner(page)).toBeVisible()
  const sheet = (await banner(page).boundingBox())!
  expect(sheet.height).toBeLessThanOrEqual(0.35 * PHONE.height)
  await shoot(page, '01-login')

  // The settings dialog: its save button is in view without scrolling.
  await banner(page).getByRole('button', { name: 'Einstellungen' }).click()
  await expect(dialog(page)).toBeVisible()
  const save = dialog(page).getByRole('button', { name: 'Auswahl speichern' })
  await expect(save).toBeInViewport()
  await page.screenshot({ path: 'test-results/screens/collect-02-consent-settings-phone.png' })
  await save.click()
  await expect(dialog(page)).toBeHidden()
  await expect(banner(page)).toBeHidden()

  // 2. The personal area: reward account, every status of the history, in German.
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Anna Beispiel' })).toBeVisible()
  const account = page.getByRole('region', { name: 'Ihr Prämienkonto' })
  for (const figure of ['Bereit', 'In Aussicht', 'Ausgezahlt']) {
    const pair = account.locator('dl > div').filter({ has: page.getByText(figure, { exact: true }) })
    await expect(pair.locator('dd')).toHaveText(/^\d+\s€$/)
    await expect(pair.locator('dd')).not.toHaveText(/^0\s€$/)
  }
  await expect(account).toContainText(/Aus \d+ laufenden Empfehlungen\./)
  for (const status of [
    'Ihr Freund hat noch nicht reagiert.',
    'Ihr Empfehlungslink wurde geöffnet. Daten hat Ihr Freund noch nicht eingegeben.',
    'Ihr Freund hat seine Daten eingegeben und muss sie noch per E-Mail bestätigen.',
    'Ihr Freund ist zur Bestellung weitergegangen. Eine Bestellung ist noch nicht eingegangen.',
    'Es ist kein Vertrag zustande gekommen.',
    'Die Empfehlung ist abgelaufen.',
    'Holen Sie jetzt Ihre Prämie ab.',
  ])
    await expect(card(page, status).first()).toBeVisible()
  await expect(
    card(page, /Ihr Freund hat am \d{2}\.\d{2}\.\d{4} bestellt\. Der Auftrag ist in Bearbeitung\./),
  ).toHaveCount(1)
  await expect(card(page, /Vertrag abgeschlossen am \d{2}\.\d{2}\.\d{4}\./).first()).toBeVisible()
  await expect(card(page, 'Ihre Prämie wurde ausgezahlt.').first()).toBeVisible()
  // Following the order link is no order: that card never says "in processing".
  await expect(card(page, 'zur Bestellung weitergegangen')).not.toContainText('in Bearbeitung')
  await expect(page.getByText('Der Auftrag ist in Bearbeitung.', { exact: true })).toHaveCount(0)

  // A phone header in one row, its links named for screen readers.
  const header = page.locator('header.site-header')
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120)
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('link', { name: 'Persönlicher Bereich' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Abmelden' })).toBeVisible()
  // Stepper labels fit their step: no word is broken or cut ("Empfohle-n").
  for (const label of await page.locator('li.recommendation ol li > span:first-child').all()) {
    const fits = await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)
    expect(fits).toBe(true)
  }
  // The goodwill form's recommendation choice stays within the phone's width.
  const choice = page.getByLabel('Zu welcher Empfehlung? (optional)')
  if (await choice.count()) expect((await choice.boundingBox())!.width).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await shoot(page, '03-dashboard')

  // 3. Collect the first ready reward: cash to the referrer's account.
  const ready = card(page, 'Holen Sie jetzt Ihre Prämie ab.').first()
  const product = (await ready.getByRole('heading', { level: 3 }).textContent())!.trim()
  await ready.getByRole('link', { name: `Prämie für ${product} abholen` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Prämie für Ihre Empfehlung: \d+\s€$/)
  await expect(page.getByRole('group', { name: 'Wie möchten Sie Ihre Prämie erhalten?' })).toBeVisible()
  await page.getByRole('radio', { name: /Überweisung auf Ihr Konto/ }).check()
  await page.getByLabel('IBAN').fill(IBAN)
  await page.getByLabel('Kontoinhaber').fill('Anna Beispiel')
  await expectNoAxeViolations(page)
  await shoot(page, '04-pick-cash')
  await page.getByRole('button', { name: 'Prämie jetzt abholen' }).click()

  // 4. The thank-you.
  await expect(page).toHaveURL(/\/demo\/praemiedanke\?auswahl=Bargeld$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible()
  await expect(
    page.getByText('Ihre Prämie ist abgeholt. Wir überweisen sie in etwa 4 Wochen auf Ihr Konto.'),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await shoot(page, '05-thanks')

  // 5. Back in the personal area: the collected reward waits for the transfer.
  await page.getByRole('link', { name: 'Zum persönlichen Bereich' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(
    card(page, 'Ihre Prämie steht bereit – die Auszahlung folgt.').filter({ hasText: product }).first(),
  ).toBeVisible()
  await shoot(page, '06-dashboard-after')
})

test('the English personal area shows British dates', async ({ page }) => {
  await openPage(page, '/demo/en/login')
  await submitLogin(page, DEMO.user.email, undefined, 'en')
  // The account's language (German) decides where the login leads; the English page is one step away.
  await expect(page).toHaveURL(/\/persoenlicherbereich$/)
  await openPage(page, '/demo/en/persoenlicherbereich')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Anna Beispiel' })).toBeVisible()
  const concluded = card(page, /Contract concluded on/).first()
  await expect(concluded).toBeVisible()
  const date = (await concluded.textContent())!.match(/Contract concluded on (\d{2})\/(\d{2})\/(\d{4})\./)!
  const day = Number(date[1])
  const month = Number(date[2])
  // Day first: the order date is a recent day, and no month has a 13th.
  expect(month).toBeLessThanOrEqual(12)
  const when = new Date(Date.UTC(Number(date[3]), month - 1, day))
  expect(Math.abs(Date.now() - when.getTime())).toBeLessThan(40 * 86_400_000)
  await shoot(page, '07-dashboard-en')
})
