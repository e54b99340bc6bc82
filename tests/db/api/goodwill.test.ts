import { randomUUID } from 'node:crypto'
import { goodwillClaimAcceptedSchema } from '@/lib/contracts/goodwill'
import { GOODWILL_MAX_PER_DAY } from '@/lib/contracts/form-rules'
import { issueToken } from '@/lib/engine/auth/token'
import { and, ilike } from 'drizzle-orm'
import {
  closeAccounts,
  SUPPORT_EMAIL as SUPPORT,
  mailBarrier,
  registerAccount,
  releaseRegisteredAccounts,
  type Tenant,
} from '../support/accounts'
import { call, expectError } from '../support/http'
import { deleteMailsOnPostgres, linksOf, mailsTo, waitForMail, type Mail } from '../support/mailbox'
import { sharedRecommendation } from '../support/recommendations'

// POST /api/v1/{tenant}/empfehler/kulanz over HTTP: a logged-in referrer's goodwill claim (the friend
// ordered, the reward is missing) is stored, mailed to the tenant's support and confirmed to the
// referrer; at most five per referrer within 24 hours.

const RECEIPT = /^Ihre Anfrage zur fehlenden Prämie ist eingegangen$/
const RECEIPT_EN = /^Your enquiry about a missing reward has been received$/

const startedAt = new Date()

/** A valid claim about a friend with a name of their own, so its mails can be told apart. */
function claim(overrides: Record<string, unknown> = {}) {
  return {
    VornameFreund: 'Max',
    NachnameFreund: `Freund-${randomUUID().slice(0, 8)}`,
    Nachricht: 'Mein Freund hat im Mai bestellt.\nDie Prämie fehlt noch.',
    ...overrides,
  }
}

function post(tenant: Tenant, body: unknown, token?: string, options: { locale?: string } = {}) {
  return call(`/api/v1/${tenant}/empfehler/kulanz`, { method: 'POST', body, token, ...options })
}

/** The support mail about this friend (support gets many): polls the tenant's support mailbox. */
async function supportMailAbout(tenant: Tenant, nachname: string): Promise<Mail> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = (await mailsTo(tenant, SUPPORT[tenant])).find((m) => m.Text.includes(nachname))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No support mail about ${nachname} on ${tenant}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function receiptsOf(tenant: Tenant, email: string) {
  return (await mailsTo(tenant, email)).filter((m) => RECEIPT.test(m.Betreff) || RECEIPT_EN.test(m.Betreff))
}

/** Accepted claims until the referrer has filed `count`. */
async function fileAccepted(tenant: Tenant, token: string, count: number) {
  for (let i = 0; i < count; i++) {
    const sent = await post(tenant, claim(), token)
    expect({ i, status: sent.status }).toEqual({ i, status: 200 })
  }
}

afterAll(async () => {
  await releaseRegisteredAccounts()
  // The support mails of this file go again (the claims and the referrers' own mails went with their
  // accounts).
  await deleteMailsOnPostgres(startedAt, ({ text }) => and(ilike(text, '%Freund-%'), ilike(text, '%jest-%')))
  await closeAccounts()
})

describe('POST /empfehler/kulanz', () => {
  it('stores the claim, mails it to support with every detail and sends the referrer a receipt', async () => {
    const nachname = `Kulanz-${randomUUID().slice(0, 6)}`
    const shared = await sharedRecommendation('kulanz', { vorname: 'Jana', nachname })
    const body = claim({
      VornameFreund: '  Max ',
      Auftragsdatum: '2026-05-17',
      Auftragsnummer: 'A-2026/0815',
      Empfehlungsnummer: shared.nr,
      Nachricht: 'Mein Freund hat im Mai bestellt.\r\nDie Prämie fehlt noch.',
    })
    const sent = await post('demo', body, shared.token)
    expect(sent.status).toBe(200)
    expect(sent.headers.get('cache-control')).toBe('no-store')
    const accepted = goodwillClaimAcceptedSchema.parse(sent.json)
    expect(Object.keys(sent.json as object).sort()).toEqual(['ErstelltAm', 'Id'])
    expect(Math.abs(Date.parse(accepted.ErstelltAm) - Date.now())).toBeLessThan(60_000)

    const toSupport = await supportMailAbout('demo', body.NachnameFreund)
    expect(toSupport.Betreff).toBe(`Kulanzanfrage: fehlende Prämie (Jana ${nachname})`)
    expect(toSupport.Von).toBe(`"Lumenta Telekom" <${SUPPORT.demo}>`)
    expect(toSupport.Text).toContain(
      `Empfehler: Jana ${nachname} (${shared.email})\nFreund: Max ${body.NachnameFreund}\n` +
        `Auftragsdatum: 17.05.2026\nAuftragsnummer: A-2026/0815\nEmpfehlung: ${shared.nr} (Lumenta Zuhause M)`,
    )
    expect(toSupport.Text).toContain('Nachricht:\nMein Freund hat im Mai bestellt.\nDie Prämie fehlt noch.')
    expect(toSupport.Text).toContain(`Bitte antworten Sie an ${shared.email}`)

    const receipt = await waitForMail('demo', shared.email, { subject: RECEIPT })
    expect(receipt.Text).toContain(`Jana ${nachname}`)
    expect(receipt.Text).toContain(
      `zur Prämie für die Bestellung von Max ${body.NachnameFreund} ist bei uns eingegangen`,
    )
    expect(linksOf(receipt).map((url) => url.pathname)).toContain('/demo/persoenlicherbereich')
    // The receipt repeats nothing else the referrer typed.
    expect(receipt.Text).not.toContain('Die Prämie fehlt noch')
    expect(receipt.Text).not.toContain('A-2026/0815')
    expect(await receiptsOf('demo', shared.email)).toHaveLength(1)

    if (process.env.DATABASE_URL) {
      const { getDb } = await import('@/lib/engine/db')
      const { goodwillClaims } = await import('@/lib/db/schema')
      const { eq } = await import('drizzle-orm')
      const db = await getDb()
      const [row] = await db.select().from(goodwillClaims).where(eq(goodwillClaims.id, accepted.Id))
      expect(row).toMatchObject({
        tenantSlug: 'demo',
        vornameFreund: 'Max',
        nameFreund: body.NachnameFreund,
        auftragsdatum: '2026-05-17',
        auftragsnummer: 'A-2026/0815',
        nachricht: 'Mein Freund hat im Mai bestellt.\nDie Prämie fehlt noch.',
      })
      expect(row!.recommendationId).toEqual(expect.any(String))
    }
  })

  it('says what was left out, and writes the receipt in the referrer’s language', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-en', locale: 'en' })
    expect(account.user.language).toBe('en')
    const body = claim({ Auftragsdatum: null, Auftragsnummer: null, Empfehlungsnummer: null })
    expect((await post('demo', body, account.user.token)).status).toBe(200)
    const toSupport = await supportMailAbout('demo', body.NachnameFreund)
    // Support reads the tenant's language.
    expect(toSupport.Text).toContain(
      'Auftragsdatum: nicht angegeben\nAuftragsnummer: nicht angegeben\nEmpfehlung: nicht angegeben',
    )
    const receipt = await waitForMail('demo', account.email, { subject: RECEIPT_EN })
    expect(receipt.Text).toContain(
      `about the reward for the order of Max ${body.NachnameFreund} has been received`,
    )
    expect(linksOf(receipt).map((url) => url.pathname)).toContain('/demo/en/persoenlicherbereich')
  })

  it('goes to the support address of its own tenant', async () => {
    const account = await registerAccount('demo-closed', { label: 'kulanz-fjord' })
    const body = claim()
    expect((await post('demo-closed', body, account.user.token)).status).toBe(200)
    const toSupport = await supportMailAbout('demo-closed', body.NachnameFreund)
    expect(toSupport.Von).toBe(`"Fjordnet" <${SUPPORT['demo-closed']}>`)
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Text.includes(body.NachnameFreund))).toEqual(
      [],
    )
  })

  it.each([
    ['no first name', { VornameFreund: undefined }, 'VornameFreund'],
    ['an empty last name', { NachnameFreund: '   ' }, 'NachnameFreund'],
    ['a name too long', { NachnameFreund: 'x'.repeat(101) }, 'NachnameFreund'],
    ['a name with a line break', { VornameFreund: 'Max\nBcc: x@example.org' }, 'VornameFreund'],
    ['no message', { Nachricht: undefined }, 'Nachricht'],
    ['a message too short', { Nachricht: ' kurz     ' }, 'Nachricht'],
    ['a message too long', { Nachricht: 'x'.repeat(2001) }, 'Nachricht'],
    ['a German date', { Auftragsdatum: '17.05.2026' }, 'Auftragsdatum'],
    ['a day that does not exist', { Auftragsdatum: '2026-02-30' }, 'Auftragsdatum'],
    ['a date before 2000', { Auftragsdatum: '1999-12-31' }, 'Auftragsdatum'],
    ['a date as a number', { Auftragsdatum: 20260517 }, 'Auftragsdatum'],
    ['an order number with spaces', { Auftragsnummer: 'A 2026' }, 'Auftragsnummer'],
    ['an order number too long', { Auftragsnummer: 'A'.repeat(41) }, 'Auftragsnummer'],
    ['a malformed recommendation number', { Empfehlungsnummer: 'abc' }, 'Empfehlungsnummer'],
  ])('refuses %s with 400 and the field', async (_label, overrides, field) => {
    const account = await registerAccount('demo', { label: 'kulanz-falsch' })
    const answer = await post('demo', claim(overrides), account.user.token)
    expectError(answer, 400, 'UngueltigeEingabe')
    expect((answer.json as { Fields: { Field: string }[] }).Fields.map((f) => f.Field)).toEqual([field])
  })

  it('refuses an order date after today', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-zukunft' })
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const answer = await post('demo', claim({ Auftragsdatum: tomorrow }), account.user.token)
    expectError(answer, 400, 'UngueltigeEingabe')
    expect(answer.json).toMatchObject({ Fields: [{ Field: 'Auftragsdatum' }] })
  })

  it('stores and mails nothing for a refused claim', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-nichts' })
    const token = account.user.token
    const other = await sharedRecommendation('kulanz-fremd')
    const friend = `Freund-${randomUUID().slice(0, 8)}`
    const refused = [
      claim({ NachnameFreund: friend, VornameFreund: '' }),
      claim({ NachnameFreund: friend, Nachricht: 'zu kurz' }),
      claim({ NachnameFreund: friend, Auftragsdatum: '2026-13-01' }),
      claim({ NachnameFreund: friend, Extra: 'x', Nachricht: 42 }),
      claim({ NachnameFreund: friend, Auftragsnummer: '<script>' }),
      claim({ NachnameFreund: friend, Empfehlungsnummer: other.nr }),
    ]
    for (const body of refused) expect([400, 404]).toContain((await post('demo', body, token)).status)
    expectError(
      await post('demo', claim({ NachnameFreund: friend, Empfehlungsnummer: other.nr }), token),
      404,
      'NichtGefunden',
    )
    expectError(await post('demo', '{kaputt', token), 400, 'UngueltigeEingabe')
    // More refusals than the daily limit, and still all five claims of the day are open: none was stored.
    expect(refused.length).toBeGreaterThan(GOODWILL_MAX_PER_DAY)
    await fileAccepted('demo', token, GOODWILL_MAX_PER_DAY)
    await mailBarrier('demo')
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Text.includes(friend))).toEqual([])
    expect(await receiptsOf('demo', account.email)).toHaveLength(GOODWILL_MAX_PER_DAY)
  })

  it('demands X-Requested-With and refuses other methods', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-methode' })
    expectError(
      await call('/api/v1/demo/empfehler/kulanz', {
        method: 'POST',
        body: claim(),
        token: account.user.token,
        withoutRequestedWith: true,
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expectError(
        await call('/api/v1/demo/empfehler/kulanz', { method, token: account.user.token }),
        405,
        'MethodeNichtErlaubt',
      )
  })
})

describe('daily limit', () => {
  it('refuses the sixth claim of a referrer within 24 hours with 429, other referrers not', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-grenze' })
    await fileAccepted('demo', account.user.token, GOODWILL_MAX_PER_DAY)
    const body = claim()
    expectError(await post('demo', body, account.user.token), 429, 'ZuVieleAnfragen')
    const other = await registerAccount('demo', { label: 'kulanz-andere' })
    expect((await post('demo', claim(), other.user.token)).status).toBe(200)
    await mailBarrier('demo')
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Text.includes(body.NachnameFreund))).toEqual(
      [],
    )
    expect(await receiptsOf('demo', account.email)).toHaveLength(GOODWILL_MAX_PER_DAY)
  })

  it('holds the limit when one referrer sends many claims at once', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-parallel' })
    const answers = await Promise.all(
      Array.from({ length: GOODWILL_MAX_PER_DAY + 3 }, () => post('demo', claim(), account.user.token)),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array(GOODWILL_MAX_PER_DAY).fill(200),
      429,
      429,
      429,
    ])
  })
})

describe('tokens', () => {
  it('refuses a missing or wrong token with 401 and other roles with 403', async () => {
    expectError(await post('demo', claim()), 401, 'PSOF0204')
    expectError(await post('demo', claim(), 'kein.gueltiges.token'), 401, 'PSOF0204')
    const ghost = issueToken({ ten: 'demo', sub: randomUUID(), role: 'referrer', sv: 1 })
    expectError(await post('demo', claim(), `${ghost}x`), 401, 'PSOF0204')
    // Well signed, but for a referrer that does not exist.
    expectError(await post('demo', claim(), ghost), 401, 'PSOF0204')
    const recipient = issueToken({ ten: 'demo', sub: randomUUID(), role: 'recipient' })
    expectError(await post('demo', claim(), recipient), 403, 'NichtAuthorisiert')
  })

  it('refuses a token of the other demo tenant and an ended session', async () => {
    const other = await registerAccount('demo-closed', { label: 'kulanz-fremder' })
    const body = claim()
    expectError(await post('demo', body, other.user.token), 401, 'PSOF0204')
    expect(
      (await call('/api/v1/demo-closed/account/logout', { method: 'POST', token: other.user.token })).status,
    ).toBe(200)
    expectError(await post('demo-closed', claim(), other.user.token), 401, 'PSOF0204')
    await mailBarrier('demo')
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Text.includes(body.NachnameFreund))).toEqual(
      [],
    )
  })

  it('deletes the claims’ mails with the account, also those to support', async () => {
    const account = await registerAccount('demo', { label: 'kulanz-loeschen' })
    const body = claim()
    expect((await post('demo', body, account.user.token)).status).toBe(200)
    await waitForMail('demo', account.email, { subject: RECEIPT })
    await supportMailAbout('demo', body.NachnameFreund)
    await account.release()
    expect(await mailsTo('demo', account.email)).toEqual([])
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Text.includes(account.email))).toEqual([])
  })
})
