import { expect, test } from '@playwright/test'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { expectNoAxeViolations, saveScreenshot, smallestHeight } from './support'

// MitarbeiterEmpfehlen (SPEC §2.2, §7.1 PUT Einladung; issues 17/18): an employee invites a customer after
// a conversation on the portal's own form, with the employee number; a number the programme does not
// know is refused with the form kept. (Without ModuleCompanyRecommendation the page does not exist:
// tests/db/api/portal-authorization.test.ts and tenant-config.test.ts.)

test('an employee invites a customer by phone with the employee number; an unknown number is refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/demo/mitarbeiterempfehlen')
  await expect(page.getByRole('heading', { level: 1, name: 'Kundin oder Kunden einladen' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Einladung erfassen' })
  await expectNoAxeViolations(page)

  const email = freshEmail('mitarbeiter-einladung')
  await form.getByRole('radio', { name: 'Am Telefon' }).check()
  await form.getByLabel('Vorname').fill('Otto')
  await form.getByLabel('Nachname').fill('Haas')
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByLabel('Mitarbeiternummer').fill('SV-X-999')
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Diese Mitarbeiternummer ist nicht bekannt oder nicht aktiv. Bitte prüfen Sie die Nummer.',
  )
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue(email)
  await expect(form.getByRole('radio', { name: 'Am Telefon' })).toBeChecked()

  await form.getByLabel('Mitarbeiternummer').fill('SV-M-101')
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByRole('status')).toHaveText(`Die Einladung an ${email} ist versendet.`)
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue('')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'recommend-employee-phone')
  const mail = await waitForMail(request, email, /Einladung/)
  expect(mail.Betreff).toBe('Otto, Ihre Einladung zum Lumenta Freunde-Bonus')

  // The customer wants no invitations: the mail's link opens the page with the way out first, and only
  // the button unsubscribes (a mail scanner that opens the link changes nothing).
  const leave = linkIn(mail.Text, '/demo/einladung', (url) => url.searchParams.get('abmelden') === '1')
  await page.goto(leave)
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Otto!' })).toBeVisible()
  await expect(page.locator('main').getByRole('heading', { level: 2 }).first()).toHaveText(
    'Keine Einladungen mehr?',
  )
  await page.getByRole('button', { name: 'Keine Einladungen mehr erhalten' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Sie erhalten keine weiteren Einladungen zum Empfehlungsprogramm. Empfehlen können Sie trotzdem jederzeit.',
  )
  await page.goto(leave)
  await expect(page.getByRole('button', { name: 'Keine Einladungen mehr erhalten' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Jetzt Produkt auswählen' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('an employee invites a customer on site; the customer follows the mail and recommends with the details filled in', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/demo/mitarbeiterempfehlen')
  const form = page.getByRole('form', { name: 'Einladung erfassen' })
  const email = freshEmail('vor-ort')
  await form.getByRole('radio', { name: 'Vor Ort' }).check()
  await form.getByLabel('Vorname').fill('Paula')
  await form.getByLabel('Nachname').fill('Vogt')
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByLabel('Mitarbeiternummer').fill('SV-M-102')
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByRole('status')).toHaveText(`Die Einladung an ${email} ist versendet.`)

  const mail = await waitForMail(request, email, /Einladung/)
  const link = linkIn(mail.Text, '/demo/einladung', (url) => url.searchParams.get('abmelden') !== '1')
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } })
  const customer = await context.newPage()
  await customer.goto(link)
  await expect(customer.getByRole('heading', { level: 1, name: 'Willkommen, Paula!' })).toBeVisible()
  await customer.getByRole('button', { name: 'Jetzt Produkt auswählen' }).click()
  // The details go into the encrypted session with the answer that leads home.
  await expect(customer).toHaveURL(/\/demo$/)
  await customer.goto('/demo/empfehlen/462')
  await expect(customer.getByLabel('Vorname')).toHaveValue('Paula')
  await expect(customer.getByLabel('Nachname')).toHaveValue('Vogt')
  await expect(customer.getByLabel('E-Mail-Adresse')).toHaveValue(email)
  await customer.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await customer.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(customer).toHaveURL(/\/demo\/bestaetigung$/)
  await expect(customer.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre Teilnahme' })).toBeVisible()
  await context.close()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test("the form says in German what is missing or wrong, with the portal's choices a finger can hit", async ({
    page,
  }) => {
    await page.goto('/demo/mitarbeiterempfehlen')
    const form = page.getByRole('form', { name: 'Einladung erfassen' })
    const group = form.getByRole('group', { name: 'Gespräch' })
    // The shared radio style (app/globals.css .field--radio): each label 44 px high, a tap chooses.
    expect(await smallestHeight(group.locator('label'))).toBeGreaterThanOrEqual(44)
    await group.getByText('Am Telefon', { exact: true }).tap()
    await expect(group.getByRole('radio', { name: 'Am Telefon' })).toBeChecked()

    await form.getByRole('button', { name: 'Einladung versenden' }).click()
    for (const text of [
      'Vorname ist ein Pflichtfeld',
      'Nachname ist ein Pflichtfeld',
      'E-Mail-Adresse ist ein Pflichtfeld',
      'Mitarbeiternummer ist ein Pflichtfeld',
    ])
      await expect(form.getByText(text, { exact: true })).toBeVisible()
    await expect(form.getByLabel('Vorname')).toBeFocused()
    await expect(form.getByLabel('Mitarbeiternummer')).toHaveAccessibleDescription(
      'Mitarbeiternummer ist ein Pflichtfeld',
    )
    await expectNoAxeViolations(page)
    await saveScreenshot(page, 'recommend-employee-errors-phone')

    await form.getByLabel('Vorname').fill('Otto')
    await form.getByLabel('Nachname').fill('Haas')
    await form.getByLabel('E-Mail-Adresse').fill('otto.haas@')
    await form.getByLabel('Mitarbeiternummer').fill('SV M 101')
    await form.getByRole('button', { name: 'Einladung versenden' }).click()
    await expect(form.getByText('Dies ist keine gültige E-Mail-Adresse.')).toBeVisible()
    await expect(
      form.getByText(
        'Bitte geben Sie eine Mitarbeiternummer aus Buchstaben, Ziffern und Bindestrichen ein (höchstens 20 Zeichen).',
      ),
    ).toBeVisible()
    await expect(form.getByText('Vorname ist ein Pflichtfeld')).toHaveCount(0)
    // Nothing was sent: no answer of the server above the form.
    await expect(form.getByRole('status')).toHaveCount(0)
    await expect(group.getByRole('radio', { name: 'Am Telefon' })).toBeChecked()
  })
})
