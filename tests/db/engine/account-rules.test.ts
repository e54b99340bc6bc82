import { eq } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { captchaChallenges, limitCounters, referrers } from '@/lib/db/schema'
import {
  TOKEN_LIFETIME_SECONDS,
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
} from '@/lib/engine/auth/one-time-token'
import { emailKey, loginCounters } from '@/lib/engine/auth/login-throttle'
import { peek, reserve } from '@/lib/engine/limits/counter'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import { verifyCaptcha } from '@/lib/engine/captcha/verify-captcha'
import { isExcludedEmail } from '@/lib/engine/referrers/excluded-email'
import { login } from '@/lib/engine/referrers/login'
import { OPTIN_MAIL_PAUSE_MS, requestNewsletterOptin } from '@/lib/engine/referrers/request-newsletter-optin'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { createReferrer, deleteReferrer, type FixtureReferrer } from '../support/referrers'

// Time-based account rules in-process with an injected clock: link lifetimes, single use under
// concurrency, captcha expiry, the per-IP window, the newsletter mail pause and the lock limit.

let demo: Tenant
const created: string[] = []
const at = (iso: string) => () => new Date(iso)
const later = (clock: () => Date, seconds: number) => () => new Date(clock().getTime() + seconds * 1000)

async function fixture(overrides: Parameters<typeof createReferrer>[2] = {}): Promise<FixtureReferrer> {
  const referrer = await createReferrer(await getDb(), 'demo', overrides)
  created.push(referrer.id)
  return referrer
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

afterAll(async () => {
  const db = await getDb()
  for (const id of created) await deleteReferrer(db, id)
  await closeDb()
})

describe('single-use account tokens', () => {
  it('work until their lifetime ends, then answer Abgelaufen (injected clock)', async () => {
    const referrer = await fixture()
    const db = await getDb()
    const issued = at('2026-03-01T10:00:00Z')
    const { token, expiresAt } = await issueAccountToken(db, {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'reset',
      clock: issued,
    })
    expect(expiresAt.getTime() - issued().getTime()).toBe(TOKEN_LIFETIME_SECONDS.reset * 1000)
    const args = { tenantSlug: 'demo', token, purposes: ['reset'] as const }
    await expect(
      peekAccountToken(db, { ...args, clock: later(issued, TOKEN_LIFETIME_SECONDS.reset - 1) }),
    ).resolves.toMatchObject({
      referrerId: referrer.id,
    })
    await expect(
      consumeAccountToken(db, { ...args, clock: later(issued, TOKEN_LIFETIME_SECONDS.reset) }),
    ).rejects.toMatchObject({
      code: 'Abgelaufen',
    })
  })

  it('are used once: the second use answers TokenBereitsVerwendet, also when both come at once', async () => {
    const referrer = await fixture()
    const db = await getDb()
    const clock = at('2026-03-01T10:00:00Z')
    const { token } = await issueAccountToken(db, {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'login',
      clock,
    })
    const args = { tenantSlug: 'demo', token, purposes: ['login'] as const, clock: later(clock, 60) }
    const results = await Promise.allSettled([consumeAccountToken(db, args), consumeAccountToken(db, args)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'TokenBereitsVerwendet' })
  })

  it('count only for their purpose and tenant, and a new one ends the unused older one', async () => {
    const referrer = await fixture()
    const db = await getDb()
    const clock = at('2026-03-01T10:00:00Z')
    const first = await issueAccountToken(db, {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'welcome',
      clock,
    })
    await expect(
      consumeAccountToken(db, { tenantSlug: 'demo', token: first.token, purposes: ['admin'], clock }),
    ).rejects.toMatchObject({ code: 'Abgelaufen' })
    await expect(
      consumeAccountToken(db, {
        tenantSlug: 'demo-closed',
        token: first.token,
        purposes: ['welcome'],
        clock,
      }),
    ).rejects.toMatchObject({ code: 'Abgelaufen' })
    const second = await issueAccountToken(db, {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'welcome',
      clock: later(clock, 10),
    })
    await expect(
      consumeAccountToken(db, {
        tenantSlug: 'demo',
        token: first.token,
        purposes: ['welcome'],
        clock: later(clock, 20),
      }),
    ).rejects.toMatchObject({ code: 'Abgelaufen' })
    await expect(
      consumeAccountToken(db, {
        tenantSlug: 'demo',
        token: second.token,
        purposes: ['welcome'],
        clock: later(clock, 20),
      }),
    ).resolves.toMatchObject({ referrerId: referrer.id })
  })
})

describe('captcha', () => {
  it('is solved once, case-insensitively, and expires after five minutes', async () => {
    const db = await getDb()
    const clock = at('2026-03-01T10:00:00Z')
    const right = await createCaptcha(db, 'demo', clock)
    await expect(
      verifyCaptcha(db, {
        tenantSlug: 'demo',
        id: right.CaptchaId,
        answer: ` ${right.answer.toLowerCase()} `,
        clock,
      }),
    ).resolves.toBeUndefined()
    await expect(
      verifyCaptcha(db, { tenantSlug: 'demo', id: right.CaptchaId, answer: right.answer, clock }),
    ).rejects.toMatchObject({ code: 'CaptchaWrong' })

    const expired = await createCaptcha(db, 'demo', clock)
    await expect(
      verifyCaptcha(db, {
        tenantSlug: 'demo',
        id: expired.CaptchaId,
        answer: expired.answer,
        clock: later(clock, 300),
      }),
    ).rejects.toMatchObject({ code: 'CaptchaWrong' })

    const other = await createCaptcha(db, 'demo', clock)
    await expect(
      verifyCaptcha(db, { tenantSlug: 'demo-closed', id: other.CaptchaId, answer: other.answer, clock }),
    ).rejects.toMatchObject({ code: 'CaptchaWrong' })
    await expect(verifyCaptcha(db, { tenantSlug: 'demo', clock })).rejects.toMatchObject({
      code: 'CaptchaRequired',
    })
    await db.delete(captchaChallenges).where(eq(captchaChallenges.id, other.CaptchaId))
  })
})

describe('failed logins', () => {
  it('count per IP within one hour; an older window starts over (injected clock)', async () => {
    const db = await getDb()
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`
    const keys = (email: string) => ({ email, ip })
    const fail = async (email: string, now: Date) =>
      (await reserve(db, 'demo', loginCounters(keys(email)), now)).count()
    const ipTally = async (email: string, now: Date) =>
      (await peek(db, 'demo', loginCounters(keys(email)), now))[1]
    const start = at('2026-03-01T10:00:00Z')
    await fail('a-window@example.org', start())
    await fail('b-window@example.org', later(start, 600)())
    expect(await peek(db, 'demo', loginCounters(keys('c-window@example.org')), later(start, 1200)())).toEqual(
      [
        { counted: 0, number: 1 },
        { counted: 2, number: 3 },
      ],
    )
    // After the hour the old count no longer counts, and the next failure starts a new window.
    expect(await ipTally('c-window@example.org', later(start, 3600)())).toEqual({ counted: 0, number: 1 })
    await fail('d-window@example.org', later(start, 3700)())
    expect(await ipTally('d-window@example.org', later(start, 3701)())).toEqual({ counted: 1, number: 2 })
    for (const email of ['a-window@example.org', 'b-window@example.org', 'd-window@example.org'])
      await db.delete(limitCounters).where(eq(limitCounters.keyHash, emailKey(email)))
  })

  it('lock the account at the tenant limit; then even the right password is refused', async () => {
    const referrer = await fixture()
    const ip = `198.51.100.${Date.now() % 250}`
    const wrong = { Email: referrer.email, Password: 'Falsch-Passwort-1' }
    for (let i = 1; i < demo.settings.LoginCaptchaAfterFailures; i++) {
      await expect(login(demo, wrong, { ip })).rejects.toMatchObject({ code: 'PasswortOderEmailFalsch' })
    }
    await expect(login(demo, wrong, { ip })).rejects.toMatchObject({ code: 'PasswortOderEmailFalsch' })
    // From here on a captcha is demanded.
    await expect(login(demo, wrong, { ip })).rejects.toMatchObject({ code: 'CaptchaRequired' })
    const db = await getDb()
    let code = ''
    for (let i = demo.settings.LoginCaptchaAfterFailures; i < demo.settings.LoginLockAfterFailures; i++) {
      const challenge = await createCaptcha(db, 'demo')
      code = await login(
        demo,
        { ...wrong, CaptchaId: challenge.CaptchaId, CaptchaLoesung: challenge.answer },
        { ip },
      )
        .then(() => 'ok')
        .catch((error: { code: string }) => error.code)
    }
    expect(code).toBe('KontoGesperrt')
    const [row] = await db.select().from(referrers).where(eq(referrers.id, referrer.id))
    expect(row).toMatchObject({
      locked: true,
      lockReason: 'failures',
      sessionVersion: referrer.sessionVersion + 1,
    })
    await expect(
      login(demo, { Email: referrer.email, Password: referrer.password }, { ip }),
    ).rejects.toMatchObject({
      code: 'KontoGesperrt',
    })
    await db.delete(limitCounters).where(eq(limitCounters.keyHash, emailKey(referrer.email)))
  })
})

describe('newsletter double opt-in', () => {
  it('sends the mail once a day at most (OptinMailAlreadySent), then again (injected clock)', async () => {
    const referrer = await fixture()
    const sent = at('2026-03-01T10:00:00Z')
    await expect(requestNewsletterOptin(demo, referrer, sent)).resolves.toMatchObject({ Status: 'pending' })
    const db = await getDb()
    const [pending] = await db.select().from(referrers).where(eq(referrers.id, referrer.id))
    await expect(
      requestNewsletterOptin(demo, pending!, later(sent, OPTIN_MAIL_PAUSE_MS / 1000 - 1)),
    ).rejects.toMatchObject({
      code: 'OptinMailAlreadySent',
    })
    await expect(
      requestNewsletterOptin(demo, pending!, later(sent, OPTIN_MAIL_PAUSE_MS / 1000)),
    ).resolves.toMatchObject({
      Status: 'pending',
    })
    await expect(
      requestNewsletterOptin(demo, { ...pending!, newsletterPermission: true }, later(sent, 10)),
    ).rejects.toMatchObject({ code: 'OptinAlreadySet' })
  })
})

describe('excluded e-mails (employees and service providers)', () => {
  it('match the tenant patterns case-insensitively and only as a whole', () => {
    const settings = { GesperrteEmailMuster: ['*@lumenta.example', '*@*.lumenta.example'] }
    expect(isExcludedEmail(settings, 'Max.Mitarbeiter@Lumenta.example')).toBe(true)
    expect(isExcludedEmail(settings, 'partner@vertrieb.lumenta.example')).toBe(true)
    expect(isExcludedEmail(settings, 'kunde@lumenta.example.org')).toBe(false)
    expect(isExcludedEmail(settings, 'kunde@notlumenta.example')).toBe(false)
    expect(isExcludedEmail({ GesperrteEmailMuster: ['a.b+(c)@x.example'] }, 'a.b+(c)@x.example')).toBe(true)
  })
})
