import { userSchema, type User } from '@/lib/contracts/account'
import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema, type TenantSettings } from '@/lib/shared/tenants/settings'
import { call, DEMO_CREDENTIALS, uniqueClientIp, type Credentials } from './http'
import { linkFrom, uniqueTestEmail, waitForMail, type Mail } from './mailbox'
import { TEST_OPERATOR_API_KEY } from './test-server'

/**
 * A referrer account the test run uses alone, so it may change it (log out, switch language, fail a
 * login) and rely on its session version. On the suite's own PGlite database that is the seeded demo
 * referrer (the server holds that database and nobody else uses it). On PostgreSQL (DATABASE_URL), which
 * other runs and developers share, it is a referrer of the test's own, inserted here and deleted by
 * `release`, so the shared demo accounts are never changed.
 */
export type Account = Credentials & { release: () => Promise<void> }

export async function ownAccount(tenant: 'demo' | 'demo-closed'): Promise<Account> {
  if (!process.env.DATABASE_URL) return { ...DEMO_CREDENTIALS[tenant], release: async () => undefined }
  const { getDb } = await import('@/lib/engine/db')
  const { createReferrer, deleteReferrer } = await import('./referrers')
  const db = await getDb()
  const referrer = await createReferrer(db, tenant)
  return {
    email: referrer.email,
    password: referrer.password,
    release: () => deleteReferrer(db, referrer.id),
  }
}

/** Closes the test process's own database connection, if one was opened. */
export async function closeAccounts(): Promise<void> {
  if (!process.env.DATABASE_URL) return
  const { closeDb } = await import('@/lib/engine/db')
  await closeDb()
}

/**
 * An own account for the whole test file: filled in before the first test, released after the last.
 * Read its fields inside tests (they are empty while the file is being collected).
 */
export function ownAccountForFile(tenant: 'demo' | 'demo-closed'): Account {
  const account = { email: '', password: '', release: async () => undefined } as Account
  beforeAll(async () => {
    Object.assign(account, await ownAccount(tenant))
  })
  afterAll(async () => {
    await account.release()
    await closeAccounts()
  })
  return account
}

/** Subjects of the account mails (lib/engine/mail/templates/texts/*.json), German and English. */
export const MAIL_SUBJECTS = {
  welcome: /Registrierung ab$|complete your registration$/,
  accountExists: /^Sie haben bereits ein Konto|^You already have an account/,
  resetPassword: /^Neues Passwort für Ihr Konto|^New password for your/,
  loginLink: /^Ihr Anmeldelink für den|^Your sign-in link for/,
  passwordChanged: /^Sicherheitshinweis: Ihr Passwort wurde geändert|^Security notice: your password/,
  newsletterOptin: /Anmeldung zum Newsletter$|newsletter subscription$/,
} as const

/** A password that meets the SPEC rule, set on every account registerAccount makes. */
export const REGISTERED_PASSWORD = 'Jest-Konto-2026'

/** The portal path of a mailed link, e.g. portalPath('demo', 'registrieren') → "/demo/registrieren". */
export function portalPath(tenant: Tenant, path: string, locale: 'de' | 'en' = 'de'): string {
  return `/${tenant}${locale === 'en' ? '/en' : ''}/${path}`
}

export type Tenant = 'demo' | 'demo-closed'

/** The settings of each demo tenant as seeded. */
export const DEMO_SETTINGS = Object.fromEntries(
  DEMO_TENANTS.map((t) => [t.slug, tenantSettingsSchema.parse(t.settings)]),
) as Record<Tenant, TenantSettings>

/** Each demo tenant's support address (contact requests and goodwill claims are mailed there). */
export const SUPPORT_EMAIL = {
  demo: DEMO_SETTINGS.demo.SupportEmail,
  'demo-closed': DEMO_SETTINGS['demo-closed'].SupportEmail,
}

export type RegisteredAccount = Credentials & {
  tenant: Tenant
  /** The User answered when the password was set (logged in). */
  user: User
  /** Deletes the account (idempotent); releaseRegisteredAccounts does it for every account left. */
  release: () => Promise<void>
}

const registered: { tenant: Tenant; email: string }[] = []

/**
 * The first half of a registration: POST account/createEmpfehler with a unique e-mail and the welcome
 * mail it sends (links to set the password and to log in once). The account is deleted by
 * releaseRegisteredAccounts.
 */
export async function startRegistration(
  tenant: Tenant,
  options: { label?: string; locale?: 'de' | 'en' } = {},
): Promise<{ email: string; welcome: Mail }> {
  const email = uniqueTestEmail(options.label ?? 'konto')
  const created = await call(`/api/v1/${tenant}/account/createEmpfehler`, {
    method: 'POST',
    // Registrations are limited per client address and hour: each from an address of its own.
    headers: uniqueClientIp(),
    locale: options.locale,
    body: { Vorname: 'Jest', Nachname: 'Konto', Email: email, Anrede: 'Frau' },
  })
  expect({ status: created.status, body: created.json }).toEqual({ status: 200, body: { ok: true } })
  trackForRelease(tenant, email)
  return { email, welcome: await waitForMail(tenant, email, { subject: MAIL_SUBJECTS.welcome }) }
}

/**
 * A fresh referrer account through the API alone, so it works on PGlite (the server owns the database)
 * and PostgreSQL alike: POST account/createEmpfehler with a unique e-mail, the welcome mail's link to
 * set the password, PUT account/resetPassword. Call releaseRegisteredAccounts in afterAll.
 */
export async function registerAccount(
  tenant: Tenant,
  options: { label?: string; locale?: 'de' | 'en' } = {},
): Promise<RegisteredAccount> {
  const { email, welcome } = await startRegistration(tenant, options)
  const token = linkFrom(welcome, portalPath(tenant, 'registrieren', options.locale))
  const set = await call(`/api/v1/${tenant}/account/resetPassword`, {
    method: 'PUT',
    body: { Token: token, Password: REGISTERED_PASSWORD },
  })
  expect({ status: set.status, body: set.json }).toEqual({ status: 200, body: expect.anything() })
  const user = userSchema.parse(set.json)
  return { tenant, email, password: REGISTERED_PASSWORD, user, release: () => removeAccount(tenant, email) }
}

/** Marks an e-mail a test registered itself for deletion by releaseRegisteredAccounts. */
export function trackForRelease(tenant: Tenant, email: string): void {
  registered.push({ tenant, email })
}

/** An operator call (support tools) with the test server's operator key. */
export function operatorCall(
  tenant: string,
  path: 'adminLoginToken' | 'kontosperre',
  body: unknown,
  options: { token?: string } = {},
) {
  return call(`/api/v1/${tenant}/operator/${path}`, {
    method: path === 'adminLoginToken' ? 'POST' : 'PUT',
    token: options.token ?? TEST_OPERATOR_API_KEY,
    body,
  })
}

/** PUT account/resetPassword on the demo tenant: sets the password with the token of a mailed link. */
export function setPasswordByLink(token: string, password: string) {
  return call('/api/v1/demo/account/resetPassword', {
    method: 'PUT',
    body: { Token: token, Password: password },
  })
}

/** The operator locks the account (kontosperre); fails the test unless that succeeds. */
export async function lockAccount(tenant: Tenant, email: string) {
  const locked = await operatorCall(tenant, 'kontosperre', {
    Email: email,
    Gesperrt: true,
    Bearbeiter: 'jest',
  })
  expect(locked.status).toBe(200)
  return locked
}

/**
 * Deletes an account whatever a test did to it (locked it, changed its password): the operator lifts
 * any lock and issues an admin login token, and the support session deletes the account. Nothing to do
 * when it is gone already.
 */
export async function removeAccount(tenant: Tenant, email: string): Promise<void> {
  const unlock = await operatorCall(tenant, 'kontosperre', {
    Email: email,
    Gesperrt: false,
    Bearbeiter: 'jest',
  })
  if (unlock.status === 404) return
  expect(unlock.status).toBe(200)
  const deleted = await call(`/api/v1/${tenant}/empfehler/delete`, {
    method: 'DELETE',
    token: await supportSessionToken(tenant, email, 'Aufräumen nach dem Test'),
  })
  expect(deleted.status).toBe(200)
}

/** The session token of a support (admin) login to the account, for the reason (`grund`) given. */
export async function supportSessionToken(tenant: Tenant, email: string, grund: string): Promise<string> {
  const issued = await operatorCall(tenant, 'adminLoginToken', {
    Email: email,
    Grund: grund,
    Bearbeiter: 'jest',
  })
  expect(issued.status).toBe(200)
  const { Token } = issued.json as { Token: string }
  const admin = await call(`/api/v1/${tenant}/account/adminLogin`, { method: 'POST', body: { Token } })
  expect(admin.status).toBe(200)
  return userSchema.parse(admin.json).token
}

/** Deletes every account registerAccount made in this file (use in afterAll). */
export async function releaseRegisteredAccounts(): Promise<void> {
  const all = registered.splice(0)
  for (const { tenant, email } of all) await removeAccount(tenant, email)
}

/**
 * Waits until the outbox has delivered every mail written before the call: mails are delivered in the
 * order they were written, so once a mail written now has arrived, no earlier one is still on its way.
 * Use it before asserting that a mail did NOT arrive. The barrier account is deleted again.
 */
export async function mailBarrier(tenant: Tenant): Promise<void> {
  const email = uniqueTestEmail('barriere')
  const created = await call(`/api/v1/${tenant}/account/createEmpfehler`, {
    method: 'POST',
    headers: uniqueClientIp(),
    body: { Vorname: 'Jest', Nachname: 'Barriere', Email: email },
  })
  expect(created.status).toBe(200)
  const welcome = await waitForMail(tenant, email, { subject: MAIL_SUBJECTS.welcome })
  const login = await call(
    `/api/v1/${tenant}/account/login?token=${linkFrom(welcome, portalPath(tenant, 'login'))}`,
  )
  expect(login.status).toBe(200)
  const deleted = await call(`/api/v1/${tenant}/empfehler/delete`, {
    method: 'DELETE',
    token: userSchema.parse(login.json).token,
  })
  expect(deleted.status).toBe(200)
}
