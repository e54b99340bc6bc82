import { expect, test } from '@playwright/test'
import {
  DEMO,
  LOCALES,
  TENANTS,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  logIn,
  loginRedirectUrl,
  openPage,
  prefix,
  saveScreenshot,
  submitLogin,
} from './support'

// SPEC §2.4: a login-required route sends a visitor to login with the redirect parameter (JSON of the
// target path and its query); after login the referrer returns there, in the locale of their account.
for (const tenant of TENANTS) {
  for (const locale of LOCALES) {
    test(`${tenant.slug} (${locale}): the personal area requires login and login returns to it`, async ({
      page,
    }) => {
      const text = TEXT[locale]
      const base = prefix(tenant, locale)
      await openPage(page, `${base}/persoenlicherbereich?ansicht=praemien`)
      await expect(page).toHaveURL(
        loginRedirectUrl(`${base}/login`, { path: '/persoenlicherbereich', params: { ansicht: 'praemien' } }),
      )
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.login)
      await expect(page.getByText(text.redirectNotice)).toBeVisible()
      await expect(page.getByLabel(text.email)).toBeVisible()
      await expect(page.getByLabel(text.password, { exact: true })).toBeVisible()
      await expectNoAxeViolations(page)
      await saveScreenshot(page, `login-redirect-${tenant.slug}-${locale}`)

      await submitLogin(page, tenant.user.email, undefined, locale)
      // The demo referrers' account language is German, so the target opens without /en.
      await expect(page).toHaveURL(exactUrl(`/${tenant.slug}/persoenlicherbereich`, 'ansicht=praemien'))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${tenant.user.fullName}`)
      const header = page.getByRole('navigation', { name: 'Hauptnavigation' })
      await expect(header.getByRole('link', { name: TEXT.de.personalArea })).toBeVisible()
      await expect(header.getByRole('link', { name: TEXT.de.logout })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
}

test('wrong credentials show the catalogue message and keep the visitor on login', async ({ page }) => {
  await openPage(page, '/demo/login')
  await expect(page.getByText(TEXT.de.redirectNotice)).toHaveCount(0)
  await submitLogin(page, DEMO.user.email, 'Falsch-Passwort-1')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(TEXT.de.wrongCredentials)
  await expect(page).toHaveURL(exactUrl('/demo/login'))
  await expectNoAxeViolations(page)
})

test('wrong credentials in English show the English message', async ({ page }) => {
  await openPage(page, '/demo/en/login')
  await submitLogin(page, 'nobody@example.org', 'Falsch-Passwort-1', 'en')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(TEXT.en.wrongCredentials)
  await expect(page).toHaveURL(exactUrl('/demo/en/login'))
})

test('the admin login route with an unknown token shows the login screen, its notice and the refusal', async ({
  page,
}) => {
  await openPage(page, '/demo/login/abcdef0123456789')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  await expect(page.getByText('Anmeldung mit Zugangstoken für eine Support-Sitzung.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Dieser Link ist abgelaufen. Bitte fordern Sie über „Passwort vergessen“ einen neuen Zugangslink an.',
  )
  await expect(page.getByRole('main').getByRole('link', { name: TEXT.de.login })).toBeVisible()
  await expectNoAxeViolations(page)
})

for (const locale of LOCALES) {
  test(`logout without login goes to login (${locale})`, async ({ page }) => {
    const base = prefix(DEMO, locale)
    await openPage(page, `${base}/logout`)
    await expect(page).toHaveURL(loginRedirectUrl(`${base}/login`, { path: '/logout', params: {} }))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[locale].login)
    // Logging in from there never returns to logout: the personal area opens instead.
    await submitLogin(page, DEMO.user.email, undefined, locale)
    await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
  })
}

test('after logout the personal area requires login again and the old cookie is dead', async ({
  page,
  context,
}) => {
  await logIn(page, DEMO)
  const before = (await context.cookies()).filter((cookie) => cookie.name === 'psoe_token')
  expect(before).toHaveLength(1)

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: TEXT.de.logout })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/logout'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abmelden')
  await expect(page.getByText('Möchten Sie sich wirklich abmelden?')).toBeVisible()
  // After a client-side navigation the title follows the page content; check once it is there.
  await expect(page).toHaveTitle(/Lumenta Freunde-Bonus/)
  await expectNoAxeViolations(page)
  await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click()

  await expect(page).toHaveURL(exactUrl('/demo'))
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TEXT.de.login }),
  ).toBeVisible()
  expect((await context.cookies()).filter((cookie) => cookie.name === 'psoe_token')).toHaveLength(0)

  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/persoenlicherbereich', params: {} }))

  // Replaying the cookie from before the logout does not open the area (the session was ended).
  await context.addCookies(before)
  await openPage(page, '/demo/persoenlicherbereich')
  await expect(page).toHaveURL(loginRedirectUrl('/demo/login', { path: '/persoenlicherbereich', params: {} }))
  await expect(page.getByText(`Willkommen, ${DEMO.user.fullName}`)).toHaveCount(0)
})

test('the session cookie psoe_token is httpOnly and invisible to document.cookie', async ({
  page,
  context,
}) => {
  await logIn(page, DEMO)
  const cookie = (await context.cookies()).find((c) => c.name === 'psoe_token')
  expect(cookie, 'psoe_token is set after login').toBeDefined()
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.secure).toBe(true)
  // SameSite=None and Partitioned (CHIPS), so the session also works inside a host page's frame (README,
  // Embedding the portal); the partition of a top-level visit is the portal's own site.
  expect(cookie?.sameSite).toBe('None')
  expect(cookie?.partitionKey).toBe('http://localhost')
  expect(cookie?.path).toBe('/')
  const visibleToScript = await page.evaluate(() => document.cookie)
  expect(visibleToScript).not.toContain('psoe_token')
  // The browser's session route reports the login without handing out the token.
  const state = (await (await page.request.get('/api/session/demo')).json()) as Record<string, unknown>
  expect(state).toMatchObject({
    loggedIn: true,
    vorname: 'Anna',
    nachname: 'Beispiel',
    email: 'anna.beispiel@example.org',
    admin: false,
  })
  expect(Object.keys(state).sort()).toEqual(
    [
      'admin',
      'anrede',
      'email',
      'language',
      'loggedIn',
      'nachname',
      'newsletter',
      'newsletterRequestedAt',
      'vorname',
    ].sort(),
  )
})
