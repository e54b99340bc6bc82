import { mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import { E2E_PORT } from './server-env.mjs'

/** What the demo tenants show (lib/engine/tenants/demo-tenants.ts), as a visitor sees it. */
export type DemoTenant = {
  slug: 'demo' | 'demo-closed'
  name: string
  programme: string
  brand: string
  categories: number
  /** ModuleAdv hides the imprint. */
  imprint: boolean
  /** ModuleErzwingeLogin. */
  forcedLogin: boolean
  user: { email: string; fullName: string }
}

export const PASSWORD = 'Empfehlen2026'

export const DEMO: DemoTenant = {
  slug: 'demo',
  name: 'Lumenta Telekom',
  programme: 'Lumenta Freunde-Bonus',
  brand: 'aurora',
  categories: 9,
  imprint: true,
  forcedLogin: false,
  user: { email: 'anna.beispiel@example.org', fullName: 'Anna Beispiel' },
}

export const DEMO_CLOSED: DemoTenant = {
  slug: 'demo-closed',
  name: 'Fjordnet',
  programme: 'Fjordnet Kunden werben Kunden',
  brand: 'fjord',
  categories: 4,
  imprint: false,
  forcedLogin: true,
  user: { email: 'jonas.muster@example.org', fullName: 'Jonas Muster' },
}

export const TENANTS = [DEMO, DEMO_CLOSED] as const

/** The share buttons of demo in their order: WhatsApp first, messengers and social, then the mail group. */
export const DEMO_SHARE_CHANNELS = [
  'WhatsApp',
  'Facebook',
  'XING',
  'LinkedIn',
  'X (Twitter)',
  'SMS',
  'Instagram-Story',
  'E-Mail',
  'Gmail',
  'Outlook',
  'Yahoo Mail',
]
export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** The visible texts the suite checks, exactly as messages/*.json word them. */
export const TEXT = {
  de: {
    homeHeadline: 'Empfehlen lohnt sich',
    homeLink: 'zur Startseite',
    stepsTitle: "So einfach geht's",
    steps: ['Auswählen', 'Empfehlen', 'Freuen'],
    categoriesTitle: 'Was möchten Sie empfehlen?',
    categoryLink: / ansehen$/,
    language: 'Sprache',
    login: 'Anmelden',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    redirectNotice: 'Bitte melden Sie sich an, um diese Seite zu sehen.',
    wrongCredentials: 'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
    personalArea: 'Persönlicher Bereich',
    logout: 'Abmelden',
    welcome: 'Willkommen',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundMessage: 'Ihre Anfrage konnte nicht verarbeitet werden.',
    imprint: 'Impressum',
    legalTitle: 'Rechtliches',
    legal: ['Datenschutz', 'Teilnahmebedingungen', 'Häufige Fragen', 'Kontakt'],
    accessibility: 'Barrierefreiheitserklärung',
    footerText:
      'Alle Preise inkl. MwSt. Prämien werden ausgezahlt, sobald der empfohlene Vertrag zustande gekommen ist.',
    skipLink: 'Zum Inhalt springen',
    accountLanguage: 'Sprache Ihres Kontos',
    saveLanguage: 'Sprache speichern',
  },
  en: {
    homeHeadline: 'Recommending pays off',
    homeLink: 'go to the home page',
    stepsTitle: "It's that easy",
    steps: ['Choose', 'Recommend', 'Enjoy'],
    categoriesTitle: 'What would you like to recommend?',
    categoryLink: /^View /,
    language: 'Language',
    login: 'Log in',
    email: 'E-mail address',
    password: 'Password',
    redirectNotice: 'Please log in to see this page.',
    wrongCredentials: 'Please check your e-mail address and password.',
    personalArea: 'Personal area',
    logout: 'Log out',
    welcome: 'Welcome',
    notFoundTitle: 'Page not found',
    notFoundMessage: 'Your request could not be processed.',
    imprint: 'Imprint',
    legalTitle: 'Legal',
    legal: ['Privacy', 'Terms of participation', 'FAQ', 'Contact'],
    accessibility: 'Accessibility statement',
    footerText: 'All prices include VAT. Rewards are paid once the recommended contract has been concluded.',
    skipLink: 'Skip to content',
    accountLanguage: 'Language of your account',
    saveLanguage: 'Save language',
  },
} as const

/** "/demo" or "/demo/en": the prefix of a tenant's pages in a locale. */
export function prefix(tenant: DemoTenant, locale: Locale): string {
  return locale === 'de' ? `/${tenant.slug}` : `/${tenant.slug}/en`
}

export const ORIGIN = `http://localhost:${E2E_PORT}`
/** The host-mapped origins of the test build (TENANT_HOSTS; Chromium resolves *.localhost to loopback). */
export const DEMO_HOST = `http://demo.localhost:${E2E_PORT}`
export const CLOSED_HOST = `http://closed.localhost:${E2E_PORT}`

/** Matches exactly this path (and query, when given) on the origin: nothing before, nothing after. */
export function exactUrl(pathname: string, query = '', origin = ORIGIN): RegExp {
  const escaped = `${origin}${pathname}${query ? `?${query}` : ''}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped}$`)
}

/** The query of a login URL: the JSON redirect parameter (path and params), then any extra query. */
export function redirectQuery(target: { path: string; params: Record<string, string> }, extra = ''): string {
  const redirect = new URLSearchParams({ redirect: JSON.stringify(target) }).toString()
  return extra ? `${redirect}&${extra}` : redirect
}

/** The login URL a login-required route redirects to. */
export function loginRedirectUrl(
  loginPath: string,
  target: { path: string; params: Record<string, string> },
  extra = '',
  origin = ORIGIN,
): RegExp {
  return exactUrl(loginPath, redirectQuery(target, extra), origin)
}

/**
 * Opens a tenant page and waits until its client components run: the header asks /api/session/…
 * once they are hydrated, so clicks afterwards reach React's and the widget keeper's handlers.
 */
export async function openPage(page: Page, url: string) {
  const sessionRead = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/session/'),
  )
  await page.goto(url)
  await sessionRead
}

/** Fills the login form of the current page and submits it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD, locale: Locale = 'de') {
  const text = TEXT[locale]
  await expect(page.getByRole('heading', { level: 1, name: text.login })).toBeVisible()
  await page.getByLabel(text.email).fill(email)
  await page.getByLabel(text.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: text.login, exact: true }).click()
}

/** Logs the tenant's demo referrer in through the login screen and waits for the personal area. */
export async function logIn(page: Page, tenant: DemoTenant) {
  await openPage(page, `/${tenant.slug}/login`)
  await submitLogin(page, tenant.user.email)
  await expect(page).toHaveURL(exactUrl(`/${tenant.slug}/persoenlicherbereich`))
  await expect(
    page.getByRole('heading', { level: 1, name: `Willkommen, ${tenant.user.fullName}` }),
  ).toBeVisible()
}

/** WCAG 2.1 A/AA (QUALITY §Accessibility): zero axe-core violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page, options: { skipFrames?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  // A sandboxed frame without scripts (the mailbox's mail preview) cannot be analysed from inside.
  for (const frame of options.skipFrames ?? []) builder = builder.exclude(frame)
  const results = await builder.analyze()
  const violations = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((node) => node.target.join(' ')),
  }))
  expect(violations, `axe-core violations on ${page.url()}`).toEqual([])
}

const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots')

/** A full-page PNG under test-results/screenshots/ for a person to look at. */
export async function saveScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
}

/**
 * The smallest height of the elements a locator finds, as laid out (each scrolled into view first): a
 * phone's targets are at least 44 px high (WCAG 2.5.5).
 */
export async function smallestHeight(targets: Locator): Promise<number> {
  const heights: number[] = []
  for (const target of await targets.all()) {
    await target.scrollIntoViewIfNeeded()
    heights.push((await target.boundingBox())!.height)
  }
  expect(heights.length).toBeGreaterThan(0)
  return Math.min(...heights)
}
