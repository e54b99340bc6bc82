import { eq } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { readToken, REFERRER_TOKEN_SECONDS } from '@/lib/engine/auth/token'
import { endSessions } from '@/lib/engine/referrers/end-sessions'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { login } from '@/lib/engine/referrers/login'
import { updateLanguage } from '@/lib/engine/referrers/update-language'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { userSchema } from '@/lib/contracts/account'
import { createReferrer, deleteReferrer, uniqueEmail, type FixtureReferrer } from '../support/referrers'

// The referrer verbs in-process, each test on a referrer of its own (the database may be shared).

// getDb as a spy, so a test can count the session check's reads (each asks getDb once).
jest.mock('@/lib/engine/db', () => {
  const actual = jest.requireActual<typeof import('@/lib/engine/db')>('@/lib/engine/db')
  return { ...actual, getDb: jest.fn(actual.getDb) }
})

let demo: Tenant
let closed: Tenant
const created: string[] = []

async function fixture(
  tenant: Tenant,
  overrides: Parameters<typeof createReferrer>[2] = {},
): Promise<FixtureReferrer> {
  const referrer = await createReferrer(await getDb(), tenant.slug, overrides)
  created.push(referrer.id)
  return referrer
}

async function row(id: string) {
  const [found] = await (await getDb()).select().from(referrers).where(eq(referrers.id, id))
  return found!
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
  closed = await getTenantOrThrow('demo-closed')
})

afterAll(async () => {
  const db = await getDb()
  for (const id of created) await deleteReferrer(db, id)
  await closeDb()
})

describe('login', () => {
  it('answers the SPEC User with a token for this tenant and referrer', async () => {
    const referrer = await fixture(demo)
    const user = await login(demo, { Email: referrer.email, Password: referrer.password })
    expect(userSchema.parse(user)).toEqual(user)
    expect(user).toMatchObject({
      username: referrer.email,
      email: referrer.email,
      anrede: 'Frau',
      vorname: 'Jest',
      nachname: 'Fixture',
      newsletterpermission: false,
      newsletterpermissionversendetam: null,
      language: 'de',
    })
    expect(user.empfehlerHash).toMatch(/^[0-9a-f]{24}$/)
    expect(user.empfehlerHash).not.toContain(referrer.id.replace(/-/g, '').slice(0, 8))
    expect(readToken(user.token)).toMatchObject({ ten: 'demo', sub: referrer.id, role: 'referrer', sv: 1 })
    expect(JSON.stringify(user)).not.toContain('argon2')
  })

  it('finds the e-mail case-insensitively', async () => {
    const referrer = await fixture(demo)
    const user = await login(demo, { Email: referrer.email.toUpperCase(), Password: referrer.password })
    expect(user.email).toBe(referrer.email)
  })

  it('refuses a wrong password and an unknown e-mail with the same error', async () => {
    const referrer = await fixture(demo)
    await expect(login(demo, { Email: referrer.email, Password: 'Falsch-123' })).rejects.toMatchObject({
      code: 'PasswortOderEmailFalsch',
      status: 401,
    })
    await expect(
      login(demo, { Email: uniqueEmail('unknown'), Password: referrer.password }),
    ).rejects.toMatchObject({
      code: 'PasswortOderEmailFalsch',
      status: 401,
    })
  })

  it('never logs a referrer in on another tenant', async () => {
    const referrer = await fixture(closed)
    await expect(login(demo, { Email: referrer.email, Password: referrer.password })).rejects.toMatchObject({
      code: 'PasswortOderEmailFalsch',
    })
    await expect(
      login(closed, { Email: referrer.email, Password: referrer.password }),
    ).resolves.toMatchObject({
      email: referrer.email,
    })
  })

  it('refuses a referrer without password like a wrong password', async () => {
    const referrer = await fixture(demo, { passwordHash: null })
    await expect(login(demo, { Email: referrer.email, Password: 'irgendwas' })).rejects.toMatchObject({
      code: 'PasswortOderEmailFalsch',
    })
  })

  it('tells a locked referrer with the right password that the account is locked', async () => {
    const referrer = await fixture(demo, { locked: true })
    await expect(login(demo, { Email: referrer.email, Password: referrer.password })).rejects.toMatchObject({
      code: 'KontoGesperrt',
      status: 403,
    })
    await expect(login(demo, { Email: referrer.email, Password: 'Falsch-123' })).rejects.toMatchObject({
      code: 'PasswortOderEmailFalsch',
    })
  })

  it('issues a token that expires after the referrer lifetime (injected clock)', async () => {
    const referrer = await fixture(demo)
    const issued = new Date('2026-01-15T08:00:00Z')
    const user = await login(
      demo,
      { Email: referrer.email, Password: referrer.password },
      { clock: () => issued },
    )
    const at = (seconds: number) => () => new Date(issued.getTime() + seconds * 1000)
    expect(readToken(user.token, at(REFERRER_TOKEN_SECONDS - 1))).not.toBeNull()
    expect(readToken(user.token, at(REFERRER_TOKEN_SECONDS))).toBeNull()
  })
})

describe('sessions', () => {
  it('accept the current token and refuse it after endSessions', async () => {
    const referrer = await fixture(demo)
    const claims = readToken(
      (await login(demo, { Email: referrer.email, Password: referrer.password })).token,
    )!
    expect((await getReferrerForSession('demo', claims)).id).toBe(referrer.id)
    await endSessions(await row(referrer.id))
    expect((await row(referrer.id)).sessionVersion).toBe(referrer.sessionVersion + 1)
    await expect(getReferrerForSession('demo', claims)).rejects.toMatchObject({
      code: 'PSOF0204',
      status: 401,
    })
    const fresh = readToken(
      (await login(demo, { Email: referrer.email, Password: referrer.password })).token,
    )!
    expect(fresh.sv).toBe(referrer.sessionVersion + 1)
    expect((await getReferrerForSession('demo', fresh)).id).toBe(referrer.id)
  })

  it('share one read among the checks under way at once, and read afresh for a later one', async () => {
    const referrer = await fixture(demo)
    const claims = readToken(
      (await login(demo, { Email: referrer.email, Password: referrer.password })).token,
    )!
    const reads = jest.mocked(getDb)
    reads.mockClear()
    // The personal area's three main-API calls check one token at the same moment.
    const three = await Promise.all([1, 2, 3].map(() => getReferrerForSession('demo', claims)))
    expect(three.map((r) => r.id)).toEqual([referrer.id, referrer.id, referrer.id])
    expect(reads).toHaveBeenCalledTimes(1)
    // A lock after them is seen by the next check: nothing is kept once the read is done.
    await (await getDb()).update(referrers).set({ locked: true }).where(eq(referrers.id, referrer.id))
    reads.mockClear()
    await expect(getReferrerForSession('demo', claims)).rejects.toMatchObject({ code: 'PSOF0204' })
    expect(reads).toHaveBeenCalledTimes(1)
  })

  it('refuse claims of another tenant, role or a locked or deleted referrer', async () => {
    const referrer = await fixture(demo)
    const claims = readToken(
      (await login(demo, { Email: referrer.email, Password: referrer.password })).token,
    )!
    await expect(getReferrerForSession('demo-closed', claims)).rejects.toMatchObject({ code: 'PSOF0204' })
    await expect(
      getReferrerForSession('demo-closed', { ...claims, ten: 'demo-closed' }),
    ).rejects.toMatchObject({
      code: 'PSOF0204',
    })
    await expect(getReferrerForSession('demo', { ...claims, role: 'agency' })).rejects.toMatchObject({
      code: 'PSOF0204',
    })
    await expect(getReferrerForSession('demo', { ...claims, sv: undefined })).rejects.toMatchObject({
      code: 'PSOF0204',
    })

    const db = await getDb()
    await db.update(referrers).set({ locked: true }).where(eq(referrers.id, referrer.id))
    await expect(getReferrerForSession('demo', claims)).rejects.toMatchObject({ code: 'PSOF0204' })
    await deleteReferrer(db, referrer.id)
    await expect(getReferrerForSession('demo', claims)).rejects.toMatchObject({ code: 'PSOF0204' })
  })
})

describe('updateLanguage', () => {
  it('stores the language, which the next login answers with', async () => {
    const referrer = await fixture(demo)
    expect(await updateLanguage(referrer, 'en')).toBe('en')
    expect((await row(referrer.id)).language).toBe('en')
    const user = await login(demo, { Email: referrer.email, Password: referrer.password })
    expect(user.language).toBe('en')
  })
})
