import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { SPEC_CATEGORY_PAGES } from '../support/spec'
import { DEMO, DEMO_CLOSED, PASSWORD, logIn } from './support'

// No screen scrolls sideways on a phone (issue 19: the goodwill form widened the personal area to
// 747 px). Every screen of the route table that a visitor or a referrer can open, at 390 × 844, with
// every disclosure opened, in German and a few in English; the offenders are listed together.

const PHONE = { width: 390, height: 844 }
const XRW = { 'X-Requested-With': 'XMLHttpRequest' }

/** A shareable recommendation of the demo referrer, made through the main API. */
async function demoRecommendation(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/demo/account/login', {
    headers: XRW,
    data: { Email: DEMO.user.email, Password: PASSWORD },
  })
  const { token } = (await login.json()) as { token: string }
  const created = await request.post('/api/v1/demo/Empfehlen/create', {
    headers: { ...XRW, Authorization: `Bearer ${token}` },
    data: {
      Empfehlung: {
        Produkt: 462,
        Channel: 'web',
        Empfehlungslink: true,
        AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
        AnteilEmpfehler: 50,
      },
      Empfehler: { Vorname: 'Anna', Nachname: 'Beispiel', Email: DEMO.user.email },
    },
  })
  if (created.status() === 200)
    return ((await created.json()) as { Empfehlungsnummer: string }).Empfehlungsnummer
  // Made by an earlier test already (one recommendation per product): take that one.
  expect(((await created.json()) as { Code: string }).Code).toBe('EmpfehlungExists')
  const list = await request.get('/api/v1/demo/empfehler/empfehlungen/', {
    headers: { ...XRW, Authorization: `Bearer ${token}` },
  })
  const all = (await list.json()) as { Empfehlungsnummer: string; Status: string; Produkt: { Id: number } }[]
  const same = all.find((r) => r.Produkt.Id === 462 && r.Status === 'Ok')
  expect(same).toBeTruthy()
  return same!.Empfehlungsnummer
}

/** How far the page reaches sideways, with every disclosure open; the path when it is too wide. */
async function overflowOf(page: Page, path: string): Promise<string | null> {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await page.waitForLoadState('load')
  const width = await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true
    return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  })
  if (width <= PHONE.width) return null
  const wide = await page.evaluate((limit) => {
    const names: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.right > limit + 0.5 && box.width > 0)
        names.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
    }
    return names.slice(-3)
  }, PHONE.width)
  return `${path}: ${width} px (${wide.join(', ')})`
}

test('no screen a visitor opens is wider than a phone', async ({ page, request }) => {
  test.setTimeout(600_000)
  await page.setViewportSize(PHONE)
  const nr = await demoRecommendation(request)
  const demo = [
    '',
    '/registrieren',
    '/login',
    '/login?link=anfordern',
    '/passwortvergessen',
    '/empfehlen/462',
    '/agent/empfehlen/462',
    '/mitarbeiterempfehlen',
    '/code',
    '/faq',
    '/kontakt',
    '/impressum',
    '/datenschutz',
    '/agb',
    '/barrierefreiheitserklaerung',
    '/aktuellepraemienuebersicht',
    '/empfehlungabgelaufen',
    '/404',
    `/empfehlung/${nr}`,
    `/empfaengerdaten/${nr}`,
    ...SPEC_CATEGORY_PAGES.map((slug) => `/${slug}`),
  ].map((path) => `/demo${path}`)
  const english = ['', '/empfehlen/462', '/kontakt', '/aktuellepraemienuebersicht'].map((p) => `/demo/en${p}`)
  const closed = ['/login', '/faq', '/kontakt'].map((p) => `/${DEMO_CLOSED.slug}${p}`)
  const offenders: string[] = []
  for (const path of [...demo, ...english, ...closed]) {
    const offender = await overflowOf(page, path)
    if (offender) offenders.push(offender)
  }
  expect(offenders).toEqual([])
})

test('no screen of a logged-in referrer is wider than a phone', async ({ page, request }) => {
  test.setTimeout(300_000)
  const nr = await demoRecommendation(request)
  await logIn(page, DEMO)
  await page.setViewportSize(PHONE)
  const paths = [
    '/persoenlicherbereich',
    '/meinedaten',
    '/passwortaendern',
    '/empfehler/bankdaten',
    '/kundennummer',
    `/bestaetigung?empfehlung=${nr}`,
    '/empfehlen/462',
  ].map((path) => `/demo${path}`)
  const offenders: string[] = []
  for (const path of paths) {
    const offender = await overflowOf(page, path)
    if (offender) offenders.push(offender)
  }
  expect(offenders).toEqual([])
})
