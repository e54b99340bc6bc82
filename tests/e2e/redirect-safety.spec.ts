import { expect, test } from '@playwright/test'
import { DEMO, ORIGIN, TEXT, exactUrl, logIn, openPage, submitLogin } from './support'

// QUALITY §Security 10: the login `redirect` parameter only ever leads to a route of the route table
// on our own origin. Every unsafe target falls back to the personal area.
const UNSAFE_TARGETS: { name: string; raw: string }[] = [
  { name: 'protocol-relative //host', raw: JSON.stringify({ path: '//evil.example', params: {} }) },
  { name: 'backslash /\\host', raw: JSON.stringify({ path: '/\\evil.example' }) },
  { name: 'encoded slashes /%2F%2Fhost', raw: JSON.stringify({ path: '/%2F%2Fevil.example' }) },
  { name: 'encoded backslash /%5Chost', raw: JSON.stringify({ path: '/%5Cevil.example' }) },
  { name: 'javascript: URL', raw: JSON.stringify({ path: 'javascript:alert(1)' }) },
  { name: 'absolute URL instead of JSON', raw: 'https://evil.example' },
  {
    name: 'absolute URL as path',
    raw: JSON.stringify({ path: 'https://evil.example/persoenlicherbereich', params: {} }),
  },
  { name: 'control character', raw: JSON.stringify({ path: '/\t/evil.example', params: {} }) },
  { name: 'logout (never a return target)', raw: JSON.stringify({ path: '/logout' }) },
  { name: 'path outside the route table', raw: JSON.stringify({ path: '/gibt-es-nicht', params: {} }) },
]

for (const target of UNSAFE_TARGETS) {
  test(`redirect target "${target.name}" ends in the personal area on our origin`, async ({ page }) => {
    await openPage(page, `/demo/login?redirect=${encodeURIComponent(target.raw)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
    // An unusable target is not even announced.
    await expect(page.getByText(TEXT.de.redirectNotice)).toHaveCount(0)
    await submitLogin(page, DEMO.user.email)
    await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
    expect(new URL(page.url()).origin).toBe(ORIGIN)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
  })
}

test('a forged redirect field in the submitted form is refused by the login action itself', async ({
  page,
}) => {
  await openPage(page, '/demo/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.login)
  // The screen drops unsafe targets; this sends one straight to the server action.
  await page.locator('form.form').evaluate((form) => {
    const field = document.createElement('input')
    field.type = 'hidden'
    field.name = 'redirect'
    field.value = JSON.stringify({ path: '//evil.example', params: {} })
    form.appendChild(field)
  })
  await expect(page.locator('input[name="redirect"]')).toHaveCount(1)
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
})

test('a logged-in referrer opening login with an unsafe target also lands in the personal area', async ({
  page,
}) => {
  await logIn(page, DEMO)
  await page.goto(
    `/demo/login?redirect=${encodeURIComponent(JSON.stringify({ path: '//evil.example', params: {} }))}`,
  )
  await expect(page).toHaveURL(exactUrl('/demo/persoenlicherbereich'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${DEMO.user.fullName}`)
})

test('a safe target with params is followed, its params kept', async ({ page }) => {
  const raw = JSON.stringify({ path: '/impressum', params: { von: 'login' } })
  await openPage(page, `/demo/login?redirect=${encodeURIComponent(raw)}`)
  await expect(page.getByText(TEXT.de.redirectNotice)).toBeVisible()
  await submitLogin(page, DEMO.user.email)
  await expect(page).toHaveURL(exactUrl('/demo/impressum', 'von=login'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
})
