import { DEMO_CREDENTIALS, type Credentials } from './http'

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
  const { getDb } = await import('@/lib/db/client')
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
  const { closeDb } = await import('@/lib/db/client')
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
