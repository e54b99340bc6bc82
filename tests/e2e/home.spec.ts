import { expect, test } from '@playwright/test'
import {
  DEMO,
  DEMO_CLOSED,
  LOCALES,
  PASSWORD,
  TENANTS,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  logIn,
  openPage,
  prefix,
  saveScreenshot,
} from './support'

// The home page of both demo tenants in both locales: brand, programme, steps, categories, footer.
for (const tenant of TENANTS) {
  for (const locale of LOCALES) {
    test(`home of ${tenant.slug} in ${locale} shows brand, programme, steps, categories and footer`, async ({
      page,
    }) => {
      const text = TEXT[locale]
      // ModuleErzwingeLogin: demo-closed shows its home to logged-in referrers only.
      if (tenant.forcedLogin) await logIn(page, tenant)
      await openPage(page, prefix(tenant, locale))
      await expect(page).toHaveURL(exactUrl(prefix(tenant, locale)))

      await expect(page.locator('html')).toHaveAttribute('data-brand', tenant.brand)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      const brand = page.getByRole('link', { name: `${tenant.programme} ${tenant.name} – ${text.homeLink}` })
      await expect(brand).toContainText(tenant.programme)
      await expect(brand).toContainText(tenant.name)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.homeHeadline)
      await expect(page.locator('.hero')).toContainText(tenant.programme)

      const steps = page.getByRole('region', { name: text.stepsTitle })
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([...text.steps])

      const categories = page.getByRole('region', { name: text.categoriesTitle })
      await expect(categories.getByRole('listitem')).toHaveCount(tenant.categories)
      await expect(categories.getByRole('link', { name: text.categoryLink })).toHaveCount(tenant.categories)

      const legal = page.getByRole('navigation', { name: text.legalTitle })
      const expectedLegal = tenant.imprint
        ? [text.imprint, ...text.legal, text.accessibility]
        : [...text.legal]
      await expect(legal.getByRole('link')).toHaveText(expectedLegal)
      if (tenant.imprint) {
        await expect(legal.getByRole('link', { name: text.imprint })).toHaveAttribute(
          'href',
          `${prefix(tenant, locale)}/impressum`,
        )
      } else {
        await expect(page.getByRole('link', { name: text.imprint })).toHaveCount(0)
      }

      const header = page.getByRole('navigation', {
        name: locale === 'de' ? 'Hauptnavigation' : 'Main navigation',
      })
      if (tenant.forcedLogin) {
        await expect(header.getByRole('link', { name: text.personalArea })).toBeVisible()
        await expect(header.getByRole('link', { name: text.logout })).toBeVisible()
      } else {
        await expect(header.getByRole('link', { name: text.login })).toHaveAttribute(
          'href',
          `${prefix(tenant, locale)}/login`,
        )
      }

      await expectNoAxeViolations(page)
      await saveScreenshot(page, `home-${tenant.slug}-${locale}`)
    })
  }
}

test('the language switch shows the same page in English and back in German', async ({ page }) => {
  await openPage(page, '/demo')
  const languages = page.getByRole('navigation', { name: 'Sprache' })
  await expect(languages.getByText('Aktuelle Sprache: Deutsch')).toBeAttached()
  await languages.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.homeHeadline)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(exactUrl('/demo'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')

  // On another page the switch keeps that page.
  await openPage(page, '/demo/impressum')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
  await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/en/impressum'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint')
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/impressum'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
})

test('the language switch keeps the page on demo-closed too', async ({ page }) => {
  await logIn(page, DEMO_CLOSED)
  await openPage(page, '/demo-closed')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(exactUrl('/demo-closed/en'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.homeHeadline)
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(exactUrl('/demo-closed'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
})

test('the skip link is the first stop and moves the focus to the main content', async ({ page }) => {
  await openPage(page, '/demo')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: TEXT.de.skipLink })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main#main')).toBeFocused()
  await expect(page).toHaveURL(exactUrl('/demo#main'))
})

test('keyboard alone reaches the login link from the top of the page and logs in', async ({ page }) => {
  await openPage(page, '/demo')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: TEXT.de.skipLink })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('link', { name: `${DEMO.programme} ${DEMO.name} – ${TEXT.de.homeLink}` }),
  ).toBeFocused()
  await page.keyboard.press('Tab')
  const login = page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.login })
  await expect(login).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(exactUrl('/demo/login'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)

  // The form works without a mouse: focus the e-mail field by keyboard, type, tab on, submit with Enter.
  const email = page.getByLabel(TEXT.de.email)
  for (let i = 0; i < 20; i++) {
    if (await email.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(email).toBeFocused()
  await page.keyboard.type(DEMO.user.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel(TEXT.de.password, { exact: true })).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
})
