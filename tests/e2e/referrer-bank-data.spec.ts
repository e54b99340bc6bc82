import { expect, test, type Page } from '@playwright/test'
import { NEW_PASSWORD, accountWithPassword } from './accounts-support'
import { exactUrl, expectNoAxeViolations, openPage, saveScreenshot, submitLogin } from './support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'

// EmpfehlerBankdaten (SPEC §2.2, §7.3 GET/PUT/DELETE /empfehler/bankdaten/): the referrer's account for
// cash rewards under my data, with the SPEC's IBAN message (§5) and the IBAN shown masked only.

const MASKED = 'DE89 •••• •••• •••• ••30 00'

/** A fresh referrer of the tenant (the demo accounts are shared by other specs), logged in. */
async function freshReferrer(page: Page, tenant: string, label: string) {
  const { email } = await accountWithPassword(page, page.request, tenant, label)
  // Off the page whose session was just cleared, so nothing of it interrupts the next navigation.
  await page.goto('about:blank')
  await openPage(page, `/${tenant}/login`)
  await submitLogin(page, email, NEW_PASSWORD)
  await expect(page).toHaveURL(exactUrl(`/${tenant}/persoenlicherbereich`))
  return email
}

test('my data → bank data: a bad IBAN is refused, a good one saved and shown masked, then deleted', async ({
  page,
}) => {
  // Not logged in, the screen asks for the login first.
  await openPage(page, '/demo/empfehler/bankdaten')
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()

  await freshReferrer(page, 'demo', 'bankdaten')
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' })
  await banner.getByRole('button', { name: 'Nur erforderliche' }).click()
  await expect(banner).toBeHidden()
  await page.getByRole('main').getByRole('link', { name: 'Meine Daten verwalten' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/meinedaten'))
  const section = page.getByRole('region', { name: 'Bankdaten' })
  await expect(
    section.getByText('Hinterlegen Sie das Konto, auf das wir Ihre Geldprämien überweisen.'),
  ).toBeVisible()
  await section.getByRole('link', { name: 'Bankdaten verwalten' }).click()

  await expect(page).toHaveURL(exactUrl('/demo/empfehler/bankdaten'))
  await expect(page.getByRole('heading', { level: 1, name: 'Bankdaten' })).toBeVisible()
  await expect(page).toHaveTitle(/^Bankdaten/)
  const crumbs = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(crumbs.getByRole('listitem')).toHaveText([
    'Startseite',
    'Persönlicher Bereich',
    'Meine Daten',
    'Bankdaten',
  ])
  await expect(crumbs.getByRole('link', { name: 'Meine Daten' })).toHaveAttribute('href', '/demo/meinedaten')
  await expect(
    page.getByText('Auf dieses Konto überweisen wir Ihre Geldprämien.', { exact: false }),
  ).toBeVisible()
  await expect(page.getByText('Sie haben noch kein Konto hinterlegt.', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Konto hinterlegen' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Bankdaten löschen' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // Empty, then an IBAN with a wrong check digit: the SPEC's messages, linked to the field.
  const iban = page.getByRole('textbox', { name: 'IBAN' })
  const holder = page.getByRole('textbox', { name: 'Kontoinhaber' })
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(page.getByText('IBAN ist ein Pflichtfeld', { exact: true })).toBeVisible()
  await expect(iban).toBeFocused()
  await iban.fill('DE89 3704 0044 0532 0130 01')
  await holder.fill('Mara Muster')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(page.getByText('IBAN ist nicht gültig', { exact: true })).toBeVisible()
  await expect(iban).toHaveAttribute('aria-invalid', 'true')
  await expect(iban).toHaveAccessibleDescription('z. B. DE89 3704 0044 0532 0130 00 IBAN ist nicht gültig')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'referrer-bank-data-invalid')

  // A good one, typed as people do: saved, announced, shown masked; the form is empty again.
  await iban.fill('de89 3704 0044 0532 0130 00')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/empfehler/bankdaten', 'bankdaten=gespeichert'))
  const saved = page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gespeichert.' })
  await expect(saved).toBeVisible()
  await expect(saved).toBeFocused()
  const current = page.getByRole('region', { name: 'Ihr hinterlegtes Konto' })
  await expect(current.getByRole('definition')).toHaveText([
    MASKED,
    'M••• M•••••',
    /^\d\d\.\d\d\.\d{4} um \d\d:\d\d Uhr$/,
  ])
  // The plain account number appears nowhere but in the field's example.
  await expect(page.getByText('0532 0130')).toHaveText(['z. B. DE89 3704 0044 0532 0130 00'])
  await expect(page.locator('body')).not.toContainText('Muster')
  await expect(page.getByRole('heading', { level: 2, name: 'Konto ändern' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'referrer-bank-data-saved')

  // Stored for real: a fresh load shows it again.
  await openPage(page, '/demo/empfehler/bankdaten')
  await expect(current.getByText(MASKED)).toBeVisible()

  // On a phone the screen fits the width.
  await page.setViewportSize({ width: 360, height: 780 })
  await expect(current.getByText(MASKED)).toBeVisible()
  // (The site header is the layout's; this screen's content must not stick out.)
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  )
  expect(overflowing).toEqual([])
  // The labels stand above their values, so the masked IBAN keeps the width of the screen.
  const label = (await current.getByRole('term').first().boundingBox())!
  const value = (await current.getByRole('definition').first().boundingBox())!
  expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1)
  await saveScreenshot(page, 'referrer-bank-data-mobile')
  await page.setViewportSize({ width: 1280, height: 720 })

  // Delete: asked first (cancel keeps it), then gone.
  await page.getByRole('button', { name: 'Bankdaten löschen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bankdaten wirklich löschen?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`Ihr Konto ${MASKED} wird endgültig gelöscht.`)
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'referrer-bank-data-delete-dialog')
  await dialog.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(dialog).toBeHidden()
  await expect(current.getByText(MASKED)).toBeVisible()
  await page.getByRole('button', { name: 'Bankdaten löschen' }).click()
  await dialog.getByRole('button', { name: 'Ja, Bankdaten löschen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/empfehler/bankdaten', 'bankdaten=geloescht'))
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gelöscht.' })).toBeVisible()
  await expect(current.getByText('Sie haben noch kein Konto hinterlegt.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Bankdaten löschen' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  // The English screen.
  await openPage(page, '/demo/en/empfehler/bankdaten')
  await expect(page.getByRole('heading', { level: 1, name: 'Bank details' })).toBeVisible()
  await expect(page.getByText('You have not entered an account yet.', { exact: false })).toBeVisible()
})

test('German IBANs only where the tenant says so (demo-closed)', async ({ page }) => {
  await freshReferrer(page, 'demo-closed', 'bankdaten-de')
  await openPage(page, '/demo-closed/empfehler/bankdaten')
  await page.getByRole('textbox', { name: 'IBAN' }).fill('AT61 1904 3002 3457 3201')
  await page.getByRole('textbox', { name: 'Kontoinhaber' }).fill('Jonas Muster')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(
    page.getByText('IBAN ist nicht gültig. Es werden nur deutsche IBANs akzeptiert.', { exact: true }),
  ).toBeVisible()
  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00')
  await page.getByRole('button', { name: 'Bankdaten speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Bankdaten wurden gespeichert.' }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihr hinterlegtes Konto' }).getByText(MASKED)).toBeVisible()
})

test('a tenant without ModuleStoringBankdata shows no bank data and leads the screen to my data', async ({
  page,
}) => {
  const slug = `ohnebank-${Date.now().toString(36)}`
  const created = await page.request.put(`/api/v1/mandant/${slug}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` },
    data: {
      Name: 'Ohnebank',
      ProgrammName: 'Ohnebank Freunde-Bonus',
      SupportEmail: 'hilfe@ohnebank.example',
      MandantUrl: 'https://www.ohnebank.example',
    },
  })
  expect(created.status()).toBe(200)
  await freshReferrer(page, slug, 'ohnebank')
  await openPage(page, `/${slug}/meinedaten`)
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Bankdaten' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Bankdaten verwalten' })).toHaveCount(0)
  await openPage(page, `/${slug}/empfehler/bankdaten`)
  await expect(page).toHaveURL(exactUrl(`/${slug}/meinedaten`))
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible()
})
