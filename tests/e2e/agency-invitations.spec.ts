import { expect, test } from '@playwright/test'
import { EMPLOYEE, INACTIVE_OWNER, signIn } from './agency-support'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// Einladungstool (SPEC §2.2 invitation form and invitations, §3 Agent invitation payload, §6; issue 17):
// an employee invites a customer after a conversation; the customer opens the mailed link (twice), finds
// the recommend form filled in and recommends; the agency's list shows what became of the invitation.

const TABS = 'Bereiche des Agenturbereichs'

test('an employee invites a customer, who opens the link twice and recommends with the details filled in', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo', EMPLOYEE)
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Einladung' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agentur/einladung'))
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Kundin oder Kunden einladen' })
  await expect(form.getByLabel('Mitarbeiternummer')).toHaveValue('SV-M-101')
  await expectNoAxeViolations(page)

  const email = freshEmail('einladung')
  await form.getByRole('radio', { name: 'Am Telefon' }).check()
  await form.getByLabel('Vorname').fill('Greta')
  await form.getByLabel('Nachname').fill('Albers')
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByRole('status')).toHaveText(`Die Einladung an ${email} ist versendet.`)
  await expect(form.getByLabel('Vorname')).toHaveValue('')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await saveScreenshot(page, 'agency-invitation-phone')

  // The same address again: refused, the form as it was typed.
  await form.getByLabel('Vorname').fill('Greta')
  await form.getByLabel('Nachname').fill('Albers')
  await form.getByLabel('E-Mail-Adresse').fill(email)
  await form.getByRole('button', { name: 'Einladung versenden' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Diese Person wurde vor Kurzem bereits eingeladen. Eine weitere Einladung ist erst später möglich.',
  )
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue(email)

  // The customer's side, in a browser of their own.
  const mail = await waitForMail(request, email, /Einladung/)
  expect(mail.Betreff).toBe('Greta, Ihre Einladung zum Lumenta Freunde-Bonus')
  const link = linkIn(mail.Text, '/demo/einladung')
  const customer = await (
    await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } })
  ).newPage()
  for (let opening = 0; opening < 2; opening++) {
    await customer.goto(link)
    await expect(customer.getByRole('heading', { level: 1, name: 'Willkommen, Greta!' })).toBeVisible()
  }
  await expect(
    customer.getByText('Sonnenschein Vertrieb GmbH hat Sie zum Empfehlungsprogramm eingeladen.', {
      exact: false,
    }),
  ).toBeVisible()
  await expectNoAxeViolations(customer)
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await saveScreenshot(customer, 'invitation-landing-phone')
  await customer.getByRole('button', { name: 'Jetzt Produkt auswählen' }).click()
  await expect(customer).toHaveURL(exactUrl('/demo'))

  await customer.goto('/demo/empfehlen/462')
  await expect(
    customer.getByText(
      'Ihre Angaben aus der Einladung von Sonnenschein Vertrieb GmbH sind schon eingetragen.',
      { exact: false },
    ),
  ).toBeVisible()
  await expect(customer.getByLabel('Vorname')).toHaveValue('Greta')
  await expect(customer.getByLabel('Nachname')).toHaveValue('Albers')
  await expect(customer.getByLabel('E-Mail-Adresse')).toHaveValue(email)
  await customer.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await customer.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(customer).toHaveURL(exactUrl('/demo/bestaetigung'))
  await customer.context().close()

  // The agency's list: the invitation has led to a recommendation.
  await page.getByRole('navigation', { name: TABS }).getByRole('link', { name: 'Verwaltung' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Einladungen' })).toBeVisible()
  await page.goto(`/demo/agentur/verwaltung?suche=${encodeURIComponent(email)}`)
  const table = page.getByRole('table', { name: 'Einladungen Ihrer Agentur' })
  await expect(
    table.getByRole('row', {
      name: new RegExp(`Greta Albers ${email.replace(/[.+]/g, '\\$&')} Am Telefon SV-M-101 Empfohlen`),
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agency-invitations-list-phone')
})

test('the inactive owner has no invitation form, and the server refuses it', async ({ page }) => {
  await signIn(page, 'demo', INACTIVE_OWNER)
  const tabs = page.getByRole('navigation', { name: TABS })
  await expect(tabs.getByRole('link', { name: 'Verwaltung' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'Einladung' })).toHaveCount(0)
  await page.goto('/demo/agentur/einladung')
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'Diese Ansicht gehört nicht zu Ihrer Rolle.',
  )
  await expect(page.getByRole('form', { name: 'Kundin oder Kunden einladen' })).toHaveCount(0)
})
