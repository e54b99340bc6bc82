import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gte, ilike, inArray, like, or } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { contactRequests, mailOutbox } from '@/lib/db/schema'
import { contactRequestSchema } from '@/lib/contracts/contact'
import { issueToken, readToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { checkContactCaptcha } from '@/lib/engine/contact/check-contact-captcha'
import { submitContactRequest } from '@/lib/engine/contact/submit-contact-request'
import { deleteReferrer as deleteAccount } from '@/lib/engine/referrers/delete-referrer'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { createReferrer, deleteReferrer, type FixtureReferrer } from '../support/referrers'

// The contact request in-process with an injected clock: what is stored (and what not), the two mails
// in the outbox, the hour of the per-IP count, and the deletion with the account.

let demo: Tenant
const startedAt = new Date()
const referrerIds: string[] = []
const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)
const MINUTE = 60_000

/** An address of this test's own (documentation range), so runs on a shared database never meet. */
const clientIp = () => `2001:db8:c0:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`

function request(overrides: Record<string, unknown> = {}) {
  return contactRequestSchema.parse({
    Name: 'Jest Engine',
    Email: `jest-kontakt-engine-${randomUUID().slice(0, 12)}@example.org`,
    Betreff: `Engine-Betreff ${randomUUID().slice(0, 8)}`,
    Nachricht: 'Eine Frage an den Support.',
    DatenschutzAkzeptiert: true,
    ...overrides,
  })
}

async function fixture(): Promise<FixtureReferrer> {
  const referrer = await createReferrer(await getDb(), 'demo')
  referrerIds.push(referrer.id)
  return referrer
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

afterAll(async () => {
  const db = await getDb()
  for (const id of referrerIds) await deleteReferrer(db, id)
  await db
    .delete(contactRequests)
    .where(
      and(gte(contactRequests.createdAt, new Date('2026-01-01')), like(contactRequests.name, 'Jest Engine%')),
    )
  // No worker runs in the test process: the outbox keeps this file's mails, to support and to senders.
  await db
    .delete(mailOutbox)
    .where(
      and(
        gte(mailOutbox.createdAt, startedAt),
        or(
          like(mailOutbox.recipient, 'jest-%'),
          and(like(mailOutbox.template, 'contact%'), ilike(mailOutbox.text, '%jest-%@example.org%')),
        ),
      ),
    )
  await closeDb()
})

describe('submitContactRequest', () => {
  it('stores the request with its referrer and language, the IP only as an HMAC, and both mails in the outbox', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-01T09:00:00Z')
    const auth = readToken(
      issueToken({ ten: 'demo', sub: referrer.id, role: 'referrer', sv: referrer.sessionVersion }, { clock }),
      clock,
    )
    const ip = clientIp()
    const input = request({ Email: referrer.email.toUpperCase() })
    const accepted = await submitContactRequest(demo, input, { locale: 'en', auth, ip, clock })
    expect(accepted.ErstelltAm).toBe('2026-12-01T09:00:00.000Z')

    const db = await getDb()
    const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, accepted.Id))
    expect(row).toMatchObject({
      tenantSlug: 'demo',
      referrerId: referrer.id,
      email: referrer.email,
      name: 'Jest Engine',
      betreff: input.Betreff,
      nachricht: 'Eine Frage an den Support.',
      language: 'en',
    })
    expect(row!.clientKey).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(ip)

    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(gte(mailOutbox.createdAt, startedAt), ilike(mailOutbox.text, `%${input.Betreff}%`)))
    const receipts = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, referrer.email), eq(mailOutbox.template, 'contactReceipt')))
    expect(mails.map((m) => [m.template, m.recipient, m.subject])).toEqual([
      ['contactRequest', 'empfehlen@lumenta.example', `Kontaktanfrage: ${input.Betreff}`],
    ])
    // The support mail in the tenant's language, the receipt in the request's.
    expect(mails[0]!.text).toContain('Sprache: EN')
    expect(mails[0]!.text).toContain('01.12.2026, 10:00 Uhr')
    expect(receipts.map((m) => m.subject)).toEqual(['Your enquiry to Lumenta Telekom has been received'])
    expect(receipts[0]!.text).toContain('01/12/2026, 10:00')
  })

  it('names nobody for a token of another role', async () => {
    const clock = at('2026-12-01T09:00:00Z')
    const auth = readToken(
      issueToken({ ten: 'demo', sub: randomUUID(), role: 'recipient' }, { clock }),
      clock,
    )
    const accepted = await submitContactRequest(demo, request(), {
      locale: 'de',
      auth,
      ip: clientIp(),
      clock,
    })
    const [row] = await (
      await getDb()
    )
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, accepted.Id))
    expect(row!.referrerId).toBeNull()
  })

  it('counts a client’s requests of the last hour only', async () => {
    const ip = clientIp()
    const sent = at('2026-12-02T09:00:00Z')
    for (let i = 0; i < 3; i++)
      await submitContactRequest(demo, request(), { locale: 'de', auth: null, ip, clock: sent })
    const after =
      (minutes: number): Clock =>
      () =>
        new Date(sent().getTime() + minutes * MINUTE)
    expect(await checkContactCaptcha(demo, { ip, clock: after(59) })).toBe('captcha')
    await expect(
      submitContactRequest(demo, request(), { locale: 'de', auth: null, ip, clock: after(59) }),
    ).rejects.toMatchObject({ code: 'CaptchaRequired' })
    expect(await checkContactCaptcha(demo, { ip, clock: after(60) })).toBe('ok')
    await submitContactRequest(demo, request(), { locale: 'de', auth: null, ip, clock: after(61) })
    // Without a known client address there is nothing to count.
    expect(await checkContactCaptcha(demo, { ip: null, clock: after(61) })).toBe('ok')
  })

  it('goes with the account: requests from it and with its address are deleted with the referrer', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-03T09:00:00Z')
    const auth = readToken(
      issueToken({ ten: 'demo', sub: referrer.id, role: 'referrer', sv: referrer.sessionVersion }, { clock }),
      clock,
    )
    const other = request()
    const ids = [
      (
        await submitContactRequest(demo, request({ Email: other.Email }), {
          locale: 'de',
          auth,
          ip: clientIp(),
          clock,
        })
      ).Id,
      (
        await submitContactRequest(demo, request({ Email: ` ${referrer.email.toUpperCase()}` }), {
          locale: 'de',
          auth: null,
          ip: clientIp(),
          clock,
        })
      ).Id,
    ]
    const stranger = await submitContactRequest(demo, other, {
      locale: 'de',
      auth: null,
      ip: clientIp(),
      clock,
    })
    await deleteAccount(demo, referrer, 'self')
    const left = await (
      await getDb()
    )
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(inArray(contactRequests.id, [...ids, stranger.Id]))
    // A request the account did not send, from an address it once wrote from, stays.
    expect(left).toEqual([{ id: stranger.Id }])
  })
})
