import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { accountWithPassword, waitForMail } from './accounts-support'
import {
  exactUrl,
  expectNoAxeViolations,
  loginRedirectUrl,
  openPage,
  saveScreenshot,
  submitLogin,
} from './support'

// "Prämie fehlt?" in the personal area and /kulanzdanke: a referrer whose friend ordered but whose
// reward is missing files a goodwill claim; support gets it by mail, the referrer a receipt.

const SUPPORT = 'empfehlen@lumenta.example'

async function logInAs(page: Page, account: { email: string; password: string }) {
  await openPage(page, '/demo/login')
  await submitLogin(page, account.email, account.password)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
}

/** A recommendation of the referrer through the main API (a referrer with a password needs no opt-in). */
async function recommend(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/v1/demo/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { Email: account.email, Password: account.password },
  })
  expect(login.status()).toBe(200)
  const { token, vorname, nachname } = (await login.json()) as {
    token: string
    vorname: string
    nachname: string
  }
  const created = await request.post('/api/v1/demo/Empfehlen/create', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
    data: {
      Empfehlung: { Produkt: 462, AgbText: 'Ich akzeptiere die Teilnahmebedingungen.', AnteilEmpfehler: 100 },
      Empfehler: { Vorname: vorname, Nachname: nachname, Email: account.email },
    },
  })
  expect(created.status()).toBe(200)
  return ((await created.json()) as { Empfehlungsnummer: string }).Empfehlungsnummer
}

/** The goodwill section of the personal area. */
const section = (page: Page) => page.getByRole('region', { name: 'Prämie fehlt?' })

test('a referrer files a goodwill claim, lands on /kulanzdanke, and support gets it by mail', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, 'demo', 'Kulanz')
  const nummer = await recommend(request, account)
  await logInAs(page, account)

  const goodwill = section(page)
  await expect(goodwill.getByRole('heading', { level: 2 })).toHaveText('Prämie fehlt?')
  await expect(goodwill.getByRole('group', { name: 'Ihr Freund' })).toBeVisible()
  const choice = goodwill.getByLabel('Zu welcher Empfehlung? (optional)')
  await expect(choice.locator('option')).toHaveText([
    'Keine Angabe',
    new RegExp(`^Lumenta Zuhause M, erstellt am \\d{2}\\.\\d{2}\\.\\d{4} \\(Nr\\. ${nummer}\\)$`),
  ])

  // Sent empty: the messages on their fields, and no claim.
  await goodwill.getByRole('button', { name: 'Anfrage senden' }).click()
  for (const message of [
    'Vorname Ihres Freundes ist ein Pflichtfeld',
    'Nachname Ihres Freundes ist ein Pflichtfeld',
    'Ihre Nachricht ist ein Pflichtfeld',
  ])
    await expect(goodwill.getByText(message, { exact: true })).toBeVisible()
  await expect(goodwill.getByLabel('Vorname Ihres Freundes')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'goodwill-errors')

  const friend = `Freund-${randomUUID().slice(0, 8)}`
  await goodwill.getByLabel('Vorname Ihres Freundes').fill('Max')
  await goodwill.getByLabel('Nachname Ihres Freundes').fill(friend)
  await goodwill.getByLabel('Bestelldatum (optional)').fill('31.02.2026')
  await goodwill.getByLabel('Auftragsnummer (optional)').click()
  await expect(goodwill.getByText('Dieses Datum gibt es nicht.')).toBeVisible()
  await goodwill.getByLabel('Bestelldatum (optional)').fill('17.05.2026')
  await goodwill.getByLabel('Auftragsnummer (optional)').fill('A-2026/0815')
  await choice.selectOption(nummer)
  await goodwill.getByLabel('Ihre Nachricht').fill('Mein Freund hat im Mai bestellt.\nDie Prämie fehlt noch.')
  await expect(goodwill.getByText('Dieses Datum gibt es nicht.')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'goodwill-form')
  await goodwill.getByRole('button', { name: 'Anfrage senden' }).click()

  await expect(page).toHaveURL(exactUrl('/demo/kulanzdanke'))
  await expect(page).toHaveTitle(/^Vielen Dank/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Anfrage')
  await expect(
    page.getByText(
      'Unser Support prüft Ihre Angaben und antwortet Ihnen per E-Mail. Eine Bestätigung Ihrer Anfrage haben wir Ihnen bereits gesendet.',
    ),
  ).toBeVisible()
  const back = page.getByRole('link', { name: 'Zurück zum persönlichen Bereich' })
  await expect(back).toHaveAttribute('href', '/demo/persoenlicherbereich')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'goodwill-thanks')

  const toSupport = await waitForMail(request, SUPPORT, /^Kulanzanfrage: fehlende Prämie \(Test Kulanz\)$/)
  expect(toSupport.Text).toContain(`Freund: Max ${friend}`)
  expect(toSupport.Text).toContain('Auftragsdatum: 17.05.2026\nAuftragsnummer: A-2026/0815')
  expect(toSupport.Text).toContain(`Empfehlung: ${nummer} (Lumenta Zuhause M)`)
  expect(toSupport.Text).toContain('Nachricht:\nMein Freund hat im Mai bestellt.\nDie Prämie fehlt noch.')
  const receipt = await waitForMail(
    request,
    account.email,
    /^Ihre Anfrage zur fehlenden Prämie ist eingegangen$/,
  )
  expect(receipt.Text).toContain(`Bestellung von Max ${friend}`)

  // The mail to support in the local mailbox, as a person reads it there.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(SUPPORT)}`)
  await expect(page.getByText('Kulanzanfrage: fehlende Prämie (Test Kulanz)').first()).toBeVisible()

  await page.goto('/demo/kulanzdanke')
  await back.click()
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
})

test('a referrer without recommendations gets no choice of them, and English texts', async ({
  page,
  request,
}) => {
  const account = await accountWithPassword(page, request, 'demo', 'KulanzEn')
  await logInAs(page, account)
  await expect(section(page).getByRole('combobox')).toHaveCount(0)
  await openPage(page, '/demo/en/persoenlicherbereich')
  const goodwill = page.getByRole('region', { name: 'Reward missing?' })
  await goodwill.getByLabel("Your friend's first name").fill('Max')
  await goodwill.getByLabel("Your friend's last name").fill(`Friend-${randomUUID().slice(0, 8)}`)
  await goodwill.getByLabel('Your message').fill('My friend ordered in May.')
  await goodwill.getByRole('button', { name: 'Send enquiry' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en/kulanzdanke'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your enquiry')
  await expectNoAxeViolations(page)
})

test('the thank-you page asks for login first', async ({ page }) => {
  await page.goto('/demo/kulanzdanke')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/kulanzdanke', params: {} }))
  await expect(page.getByText('Bitte melden Sie sich an, um diese Seite zu sehen.')).toBeVisible()
})
