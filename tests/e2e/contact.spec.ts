import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { captchaAnswer, freshEmail, waitForMail } from './accounts-support'
import { DEMO, exactUrl, expectNoAxeViolations, logIn, openPage, saveScreenshot } from './support'

// Kontakt (SPEC §2.2, §8): the contact form as a visitor and as a logged-in referrer uses it, its
// messages, the captcha step, the mail to the tenant's support and the receipt, English, and the
// ModuleErzwingeLogin whitelist.

const SUCCESS = 'Ihre Anfrage ist bei uns eingegangen. Vielen Dank.'
const CONSENT = /^Ich habe die Datenschutzhinweise gelesen und bin mit der Verarbeitung meiner Angaben/
const GATE = 'Ihre Anmeldung wird geprüft …'

/**
 * Every test sends from an address of its own (X-Forwarded-For, which the portal passes on signed), so
 * the per-IP count of the contact form does not depend on which other tests ran before.
 */
async function ownClientIp(page: Page): Promise<string> {
  const ip = `2001:db8:e2e:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip })
  return ip
}

/** A request sent beforehand from the address, straight to the main API as the portal would send it. */
function sendBeforehand(
  page: Page,
  ip: string,
  { label, nachricht, captcha = {} }: { label: string; nachricht: string; captcha?: Record<string, string> },
) {
  return page.request.post('/api/v1/demo/kontakt', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': ip },
    data: {
      Name: 'Erika Probe',
      Email: freshEmail(label),
      Betreff: 'Vorab gesendet',
      Nachricht: nachricht,
      DatenschutzAkzeptiert: true,
      ...captcha,
    },
  })
}

type Request = { name: string; email: string; betreff: string; nachricht: string }

function newRequest(label: string): Request {
  return {
    name: 'Erika Probe',
    email: freshEmail(label),
    betreff: `Frage zur Prämie ${randomUUID().slice(0, 8)}`,
    nachricht: 'Wann wird meine Prämie ausgezahlt?\nViele Grüße, Erika',
  }
}

async function fillIn(page: Page, request: Request, labels = { email: 'E-Mail-Adresse' }) {
  await page.getByLabel('Name', { exact: true }).fill(request.name)
  await page.getByLabel(labels.email).fill(request.email)
  await page.getByLabel('Betreff').fill(request.betreff)
  await page.getByLabel('Nachricht', { exact: true }).fill(request.nachricht)
  await page.getByRole('checkbox', { name: CONSENT }).check()
}

/** The contact form: its status and alert regions, not those of the page's frame. */
const form = (page: Page) => page.locator('main form')
/** The success after sending: in the form's place, focused, in view (also on a phone). */
const sent = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: SUCCESS })

const subjectOf = (request: Request) =>
  new RegExp(`^Kontaktanfrage: ${request.betreff.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

test('a visitor sends the contact form: messages, success, the mail to support and the receipt', async ({
  page,
}) => {
  await ownClientIp(page)
  await openPage(page, '/demo/kontakt')
  await expect(page).toHaveTitle(/^Kontakt/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt')
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByText('Kontakt')).toHaveAttribute('aria-current', 'page')
  for (const label of ['Name', 'E-Mail-Adresse', 'Betreff', 'Nachricht'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked()
  await expect(page.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute(
    'href',
    '/demo/datenschutz',
  )
  await expect(page.getByRole('link', { name: 'empfehlen@lumenta.example' })).toHaveAttribute(
    'href',
    'mailto:empfehlen@lumenta.example',
  )
  // The hotline of the tenant settings, with its hours.
  await expect(page.getByRole('link', { name: '0800 5862 3368' })).toHaveAttribute(
    'href',
    'tel:+4980058623368',
  )
  await expect(
    page.getByText(/kostenfrei unter 0800 5862 3368 \(Mo–Fr 8–20 Uhr, Sa 9–16 Uhr\)/),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'contact-form')

  // Sent empty: the SPEC's messages, each on its field; nothing is sent.
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  for (const message of [
    'Name ist ein Pflichtfeld',
    'E-Mail-Adresse ist ein Pflichtfeld',
    'Betreff ist ein Pflichtfeld',
    'Nachricht ist ein Pflichtfeld',
    'Dies ist ein Pflichtfeld.',
    'Die Zustimmung ist erforderlich, um fortzufahren.',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    'Name ist ein Pflichtfeld',
  )
  await expect(form(page).getByRole('status')).toHaveText('')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'contact-form-errors')

  const request = newRequest('kontakt')
  await fillIn(page, request)
  await page.getByLabel('E-Mail-Adresse').fill('erika@')
  await page.getByLabel('Betreff').click()
  await expect(page.getByText('Dies ist keine gültige E-Mail-Adresse.')).toBeVisible()
  await page.getByLabel('E-Mail-Adresse').fill(request.email)
  await page.getByRole('button', { name: 'Nachricht senden' }).click()

  await expect(sent(page)).toBeFocused()
  await expect(sent(page)).toBeInViewport()
  await expect(sent(page)).toContainText(`„${request.betreff}“`)
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
  await saveScreenshot(page, 'contact-form-sent')
  // Only on request does the form start over.
  await page.getByRole('button', { name: 'Weitere Anfrage senden' }).click()
  await expect(page.getByLabel('Betreff')).toHaveValue('')
  await expect(page.getByLabel('Nachricht', { exact: true })).toHaveValue('')
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'contact-form-sent')

  const toSupport = await waitForMail(page.request, 'empfehlen@lumenta.example', subjectOf(request))
  expect(toSupport.Text).toContain(`Name: Erika Probe\nE-Mail-Adresse: ${request.email}\n`)
  expect(toSupport.Text).toContain('Nachricht:\nWann wird meine Prämie ausgezahlt?\nViele Grüße, Erika')
  const receipt = await waitForMail(
    page.request,
    request.email,
    /^Ihre Anfrage an Lumenta Telekom ist eingegangen$/,
  )
  expect(receipt.Text).toContain('Hallo Erika Probe,')

  // The mail to support in the local mailbox, as a person reads it there.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent('empfehlen@lumenta.example')}`)
  await expect(page.getByText(`Kontaktanfrage: ${request.betreff}`).first()).toBeVisible()
})

test('the form works by keyboard alone', async ({ page }) => {
  await ownClientIp(page)
  await openPage(page, '/demo/kontakt')
  const request = newRequest('tastatur')
  await page.getByLabel('Name', { exact: true }).focus()
  await page.keyboard.type(request.name)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused()
  await page.keyboard.type(request.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Betreff')).toBeFocused()
  await page.keyboard.type(request.betreff)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Nachricht', { exact: true })).toBeFocused()
  await page.keyboard.type('Eine Frage per Tastatur gestellt.')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked()
  // On to the button, past the privacy link in the checkbox's label.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Datenschutzhinweise' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Nachricht senden' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(sent(page)).toBeVisible()
  await waitForMail(page.request, 'empfehlen@lumenta.example', subjectOf(request))
})

test('from the fourth request within the hour the captcha is demanded, then the request goes through', async ({
  page,
}) => {
  const ip = await ownClientIp(page)
  // Three requests from this address straight to the main API, as the portal would send them.
  for (let i = 0; i < 3; i++) {
    const sent = await sendBeforehand(page, ip, {
      label: 'vorab',
      nachricht: 'Eine von drei Anfragen vorab.',
    })
    expect(sent.status()).toBe(200)
  }
  await openPage(page, '/demo/kontakt')
  const request = newRequest('captcha')
  await fillIn(page, request)
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(form(page).getByRole('status')).toHaveText(
    'Bitte geben Sie zum Absenden noch die Zeichen aus dem Bild ein.',
  )
  const captcha = page.getByRole('group', { name: 'Sicherheitsabfrage' })
  await expect(captcha.getByRole('img')).toBeVisible()
  // What the user typed stays while the captcha is shown.
  await expect(page.getByLabel('Betreff')).toHaveValue(request.betreff)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'contact-form-captcha')

  await captcha.getByLabel('Zeichen aus dem Bild').fill('FALSCH')
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(form(page).getByRole('alert')).toHaveText(
    'Das Captcha war leider falsch oder ist abgelaufen. Bitte versuchen Sie es erneut.',
  )
  await captcha.getByLabel('Zeichen aus dem Bild').fill(await captchaAnswer(page.request, page))
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(sent(page)).toBeVisible()
  await expect(page.getByRole('group', { name: 'Sicherheitsabfrage' })).toHaveCount(0)
  await waitForMail(page.request, 'empfehlen@lumenta.example', subjectOf(request))
})

test('from the tenth request within the hour the form says clearly that it refuses', async ({ page }) => {
  const ip = await ownClientIp(page)
  // Nine requests straight to the main API from this address, each with a solved captcha where needed.
  for (let i = 0; i < 9; i++) {
    const captcha: Record<string, string> = {}
    if (i >= 3) {
      const challenge = await page.request.post('/api/v1/demo/captcha', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      const { CaptchaId } = (await challenge.json()) as { CaptchaId: string }
      const solution = await page.request.get(`/api/dev/captcha/${CaptchaId}`)
      Object.assign(captcha, {
        CaptchaId,
        CaptchaLoesung: ((await solution.json()) as { Loesung: string }).Loesung,
      })
    }
    const sent = await sendBeforehand(page, ip, {
      label: 'grenze',
      nachricht: 'Eine von neun Anfragen vorab.',
      captcha,
    })
    expect({ i, status: sent.status() }).toEqual({ i, status: 200 })
  }
  await openPage(page, '/demo/kontakt')
  await fillIn(page, newRequest('zu-viele'))
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(form(page).getByRole('alert')).toHaveText(
    'Von Ihrem Anschluss sind in der letzten Stunde bereits viele Anfragen eingegangen. Bitte versuchen Sie es in einer Stunde noch einmal oder schreiben Sie uns an empfehlen@lumenta.example.',
  )
  await expect(form(page).getByRole('status')).toHaveText('')
  await expectNoAxeViolations(page)
})

test('a logged-in referrer finds name and e-mail filled in', async ({ page }) => {
  await ownClientIp(page)
  await logIn(page, DEMO)
  await openPage(page, '/demo/kontakt')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DEMO.user.fullName)
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(DEMO.user.email)
  await expect(page.getByText(/^Sie sind als Anna Beispiel angemeldet\./)).toBeVisible()
  const betreff = `Frage als Anna ${randomUUID().slice(0, 8)}`
  await page.getByLabel('Betreff').fill(betreff)
  await page.getByLabel('Nachricht', { exact: true }).fill('Wie sehe ich den Status meiner Empfehlung?')
  await page.getByRole('checkbox', { name: CONSENT }).check()
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(sent(page)).toBeVisible()
  // The account's name and e-mail stay for the next request.
  await page.getByRole('button', { name: 'Weitere Anfrage senden' }).click()
  await expect(page.getByLabel('Betreff')).toHaveValue('')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DEMO.user.fullName)
  const toSupport = await waitForMail(
    page.request,
    'empfehlen@lumenta.example',
    subjectOf({ ...newRequest('anna'), betreff }),
  )
  expect(toSupport.Text).toContain(`E-Mail-Adresse: ${DEMO.user.email}`)
})

test('the English contact page', async ({ page }) => {
  await ownClientIp(page)
  await openPage(page, '/demo/en/kontakt')
  await expect(page).toHaveTitle(/^Contact/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact')
  for (const label of ['Name', 'E-mail address', 'Subject', 'Message'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    '/demo/en/datenschutz',
  )
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Name is a required field', { exact: true })).toBeVisible()
  await expect(page.getByText('Your consent is required to continue.')).toBeVisible()
  await expectNoAxeViolations(page)

  const request = newRequest('englisch')
  await page.getByLabel('Name', { exact: true }).fill(request.name)
  await page.getByLabel('E-mail address').fill(request.email)
  await page.getByLabel('Subject').fill(request.betreff)
  await page.getByLabel('Message', { exact: true }).fill(request.nachricht)
  await page.getByRole('checkbox', { name: /^I have read the privacy notice/ }).check()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Your enquiry has been received. Thank you.' }),
  ).toBeFocused()
  await waitForMail(page.request, request.email, /^Your enquiry to Lumenta Telekom has been received$/)
  await saveScreenshot(page, 'contact-form-en')
})

test('demo-closed: the contact page is open without login (whitelist) and mails its own support', async ({
  page,
}) => {
  await ownClientIp(page)
  await openPage(page, '/demo-closed/kontakt')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt')
  await expect(page.getByText(GATE)).toHaveCount(0)
  const request = newRequest('geschlossen')
  await fillIn(page, request)
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(sent(page)).toBeVisible()
  await expect(page).toHaveURL(exactUrl('/demo-closed/kontakt'))
  const toSupport = await waitForMail(page.request, 'service@fjordnet.example', subjectOf(request))
  expect(toSupport.Text).toContain(`E-Mail-Adresse: ${request.email}`)
  expect(toSupport.Text).toContain('Fjordnet')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'contact-form-closed')
})
