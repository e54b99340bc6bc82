import { randomUUID } from 'node:crypto'
import { captchaChallengeSchema } from '@/lib/contracts/account'
import { contactAcceptedSchema, contactCaptchaCheckSchema } from '@/lib/contracts/contact'
import { issueToken } from '@/lib/engine/auth/token'
import { CONTACT_LIMITS } from '@/lib/engine/contact/contact-limits'
import { and, gte, ilike, like, or } from 'drizzle-orm'
import {
  closeAccounts,
  DEMO_SETTINGS,
  SUPPORT_EMAIL as SUPPORT,
  mailBarrier,
  registerAccount,
  releaseRegisteredAccounts,
  type Tenant,
} from '../support/accounts'
import { call, expectError, uniqueClientIp } from '../support/http'
import { deleteMailsOnPostgres, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'

// GET /api/v1/{tenant}/kontakt?cmd=IsCaptchaRequired and POST /api/v1/{tenant}/kontakt over HTTP: the
// request is stored (seen through the per-IP count, which the server takes from the database, and on
// PostgreSQL in the table itself), mailed to the tenant's support and confirmed to the sender.

const CAPTCHA_AFTER = CONTACT_LIMITS.CaptchaAfterPerIpPerHour
const MAX = CONTACT_LIMITS.MaxPerIpPerHour

const startedAt = new Date()

type Ip = ReturnType<typeof uniqueClientIp>

/** A valid request with a unique sender and subject, so its mails can be told apart. */
function request(overrides: Record<string, unknown> = {}) {
  return {
    Name: 'Jest Kontakt',
    Email: uniqueTestEmail('kontakt'),
    Betreff: `Jest-Betreff ${randomUUID().slice(0, 8)}`,
    Nachricht: 'Wann wird meine Prämie ausgezahlt?\nViele Grüße',
    DatenschutzAkzeptiert: true,
    ...overrides,
  }
}

function post(tenant: Tenant, body: unknown, ip: Ip, options: { token?: string; locale?: string } = {}) {
  return call(`/api/v1/${tenant}/kontakt`, { method: 'POST', body, headers: ip, ...options })
}

async function captchaRequired(tenant: Tenant, ip: Ip): Promise<boolean> {
  const answer = await call(`/api/v1/${tenant}/kontakt?cmd=IsCaptchaRequired`, { headers: ip })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  // A GET creates nothing: the answer carries no challenge, only whether one is needed.
  expect(Object.keys(answer.json as object)).toEqual(['CaptchaRequired'])
  return contactCaptchaCheckSchema.parse(answer.json).CaptchaRequired
}

/** A new challenge with the answer the test server keeps for it (GET /api/dev/captcha/{id}). */
async function solvedCaptcha(tenant: Tenant) {
  const challenge = captchaChallengeSchema.parse(
    (await call(`/api/v1/${tenant}/captcha`, { method: 'POST', headers: uniqueClientIp() })).json,
  )
  const solution = await call(`/api/dev/captcha/${challenge.CaptchaId}`)
  expect(solution.status).toBe(200)
  return { CaptchaId: challenge.CaptchaId, CaptchaLoesung: (solution.json as { Loesung: string }).Loesung }
}

/** Sends requests that are accepted until the client has sent `count` within the hour. */
async function sendAccepted(tenant: Tenant, ip: Ip, count: number) {
  for (let i = 0; i < count; i++) {
    const captcha = (await captchaRequired(tenant, ip)) ? await solvedCaptcha(tenant) : {}
    const sent = await post(tenant, request(captcha), ip)
    expect({ i, status: sent.status }).toEqual({ i, status: 200 })
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

afterAll(async () => {
  await releaseRegisteredAccounts()
  // On PostgreSQL, which other runs share, the rows and mails of this file go again; the suite's own
  // PGlite database is new on every run and held by the server alone.
  if (process.env.DATABASE_URL) {
    const { getDb } = await import('@/lib/engine/db')
    const { contactRequests } = await import('@/lib/db/schema')
    const db = await getDb()
    await db
      .delete(contactRequests)
      .where(and(gte(contactRequests.createdAt, startedAt), like(contactRequests.email, 'jest-kontakt-%')))
  }
  await deleteMailsOnPostgres(startedAt, ({ recipient, text }) =>
    or(like(recipient, 'jest-kontakt-%'), ilike(text, '%jest-kontakt-%')),
  )
  await closeAccounts()
})

describe('POST /kontakt', () => {
  it('stores the request, mails it to the tenant support and sends the sender a receipt', async () => {
    const ip = uniqueClientIp()
    const body = request({ Name: '  Erika Probe ', Email: ` ${uniqueTestEmail('kontakt').toUpperCase()} ` })
    const email = body.Email.trim().toLowerCase()
    const sent = await post('demo', body, ip)
    expect(sent.status).toBe(200)
    expect(sent.headers.get('cache-control')).toBe('no-store')
    const accepted = contactAcceptedSchema.parse(sent.json)
    expect(Object.keys(sent.json as object).sort()).toEqual(['ErstelltAm', 'Id'])
    expect(Math.abs(Date.parse(accepted.ErstelltAm) - Date.now())).toBeLessThan(60_000)

    const toSupport = await waitForMail('demo', SUPPORT.demo, {
      subject: new RegExp(`^Kontaktanfrage: ${escape(body.Betreff)}$`),
    })
    expect(toSupport.Von).toBe(`"Lumenta Telekom" <${SUPPORT.demo}>`)
    expect(toSupport.Text).toContain(`Name: Erika Probe\nE-Mail-Adresse: ${email}\nSprache: DE\n`)
    expect(toSupport.Text).toContain('Nachricht:\nWann wird meine Prämie ausgezahlt?\nViele Grüße')
    expect(toSupport.Text).toContain(`Bitte antworten Sie an ${email}`)

    const receipt = await waitForMail('demo', email, {
      subject: /^Ihre Anfrage an Lumenta Telekom ist eingegangen$/,
    })
    expect(receipt.An).toBe(email)
    expect(receipt.Text).toContain('Hallo Erika Probe,')
    expect(receipt.Text).toContain('Ihre Anfrage ist bei uns eingegangen. Vielen Dank.')
    expect(receipt.Text).toContain('http://127.0.0.1:')
    // The receipt repeats nothing else the sender typed.
    expect(receipt.Text).not.toContain(body.Betreff)
    expect(receipt.Text).not.toContain('Wann wird meine Prämie')
    expect(await mailsTo('demo', email)).toHaveLength(1)

    if (process.env.DATABASE_URL) {
      const { getDb } = await import('@/lib/engine/db')
      const { contactRequests } = await import('@/lib/db/schema')
      const { eq } = await import('drizzle-orm')
      const db = await getDb()
      const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, accepted.Id))
      expect(row).toMatchObject({
        tenantSlug: 'demo',
        referrerId: null,
        name: 'Erika Probe',
        email,
        betreff: body.Betreff,
        nachricht: body.Nachricht,
        language: 'de',
      })
      // The IP is kept only as an HMAC.
      expect(row!.clientKey).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(ip['X-Forwarded-For'])
    }
  })

  it('writes the receipt in the language of the request and the support mail in the tenant language', async () => {
    const body = request()
    expect((await post('demo', body, uniqueClientIp(), { locale: 'en' })).status).toBe(200)
    const receipt = await waitForMail('demo', body.Email, { subject: /^Your enquiry to Lumenta Telekom/ })
    expect(receipt.Text).toContain('Your enquiry has been received. Thank you.')
    const toSupport = await waitForMail('demo', SUPPORT.demo, {
      subject: new RegExp(`^Kontaktanfrage: ${escape(body.Betreff)}$`),
    })
    expect(toSupport.Text).toContain('Sprache: EN')
  })

  it('goes to the support address of its own tenant', async () => {
    const body = request()
    expect((await post('demo-closed', body, uniqueClientIp())).status).toBe(200)
    const toSupport = await waitForMail('demo-closed', SUPPORT['demo-closed'], {
      subject: new RegExp(`^Kontaktanfrage: ${escape(body.Betreff)}$`),
    })
    expect(toSupport.Von).toBe(`"Fjordnet" <${SUPPORT['demo-closed']}>`)
    expect((await mailsTo('demo', SUPPORT.demo)).filter((m) => m.Betreff.includes(body.Betreff))).toEqual([])
  })

  it.each([
    ['a name too short', { Name: 'E' }, 'Name'],
    ['a name too long', { Name: 'x'.repeat(101) }, 'Name'],
    ['a name with a line break', { Name: 'Erika\nBcc: x@example.org' }, 'Name'],
    ['a web address as the name', { Name: 'Gewinn! Besuchen Sie https://evil.example/login' }, 'Name'],
    ['no e-mail', { Email: undefined }, 'Email'],
    ['a subject too short', { Betreff: 'Hi' }, 'Betreff'],
    ['a subject too long', { Betreff: 'x'.repeat(151) }, 'Betreff'],
    ['a message too short', { Nachricht: ' kurz     ' }, 'Nachricht'],
    ['a message too long', { Nachricht: 'x'.repeat(5001) }, 'Nachricht'],
    ['no consent', { DatenschutzAkzeptiert: undefined }, 'DatenschutzAkzeptiert'],
    ['the consent false', { DatenschutzAkzeptiert: false }, 'DatenschutzAkzeptiert'],
    ['the consent as text', { DatenschutzAkzeptiert: 'true' }, 'DatenschutzAkzeptiert'],
  ])('refuses %s with 400 and the field', async (_label, overrides, field) => {
    const answer = await post('demo', request(overrides), uniqueClientIp())
    expectError(answer, 400, 'UngueltigeEingabe')
    expect((answer.json as { Fields: { Field: string }[] }).Fields.map((f) => f.Field)).toEqual([field])
  })

  it('refuses an invalid e-mail address with EmailUngueltig', async () => {
    const answer = await post('demo', request({ Email: 'erika@' }), uniqueClientIp())
    expectError(answer, 400, 'EmailUngueltig')
    expect(answer.json).toMatchObject({ Fields: [{ Field: 'Email' }] })
  })

  it('stores and mails nothing for a refused request', async () => {
    const ip = uniqueClientIp()
    const email = uniqueTestEmail('kontakt')
    const refused = [
      request({ Email: email, Name: 'E' }),
      request({ Email: email, Betreff: '' }),
      request({ Email: email, Nachricht: 'zu kurz' }),
      request({ Email: email, DatenschutzAkzeptiert: false }),
      request({ Email: email, Extra: 'x', Nachricht: 42 }),
    ]
    for (const body of refused) expect((await post('demo', body, ip)).status).toBe(400)
    expectError(await post('demo', '{kaputt', ip), 400, 'UngueltigeEingabe')
    // Five refusals from one client and still no captcha: none of them was counted, so none was stored.
    expect(refused.length).toBeGreaterThan(CAPTCHA_AFTER)
    expect(await captchaRequired('demo', ip)).toBe(false)
    await mailBarrier('demo')
    expect(await mailsTo('demo', email)).toEqual([])
  })

  it('demands X-Requested-With, refuses other methods and unknown tenants', async () => {
    const ip = uniqueClientIp()
    expectError(
      await call('/api/v1/demo/kontakt', {
        method: 'POST',
        body: request(),
        headers: ip,
        withoutRequestedWith: true,
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(
      await call('/api/v1/demo/kontakt', { method: 'PUT', body: request() }),
      405,
      'MethodeNichtErlaubt',
    )
    expectError(await post('unbekannt' as Tenant, request(), ip), 404, 'MandantUnbekannt')
    expect(await captchaRequired('demo', ip)).toBe(false)
  })
})

describe('GET /kontakt?cmd=IsCaptchaRequired', () => {
  it('answers false, and true once the client sent three requests within the hour', async () => {
    const ip = uniqueClientIp()
    expect(await captchaRequired('demo', ip)).toBe(false)
    for (let i = 0; i < CAPTCHA_AFTER; i++) {
      expect(await captchaRequired('demo', ip)).toBe(false)
      expect((await post('demo', request(), ip)).status).toBe(200)
    }
    expect(await captchaRequired('demo', ip)).toBe(true)
    // Counted per client: another address needs none.
    expect(await captchaRequired('demo', uniqueClientIp())).toBe(false)
  })

  it('refuses an unknown or missing command with 400', async () => {
    for (const query of ['?cmd=Senden', '?cmd=iscaptcharequired', '', '?cmd='])
      expectError(await call(`/api/v1/demo/kontakt${query}`), 400, 'UngueltigeEingabe')
  })
})

describe('captcha and limits', () => {
  it('demands a captcha from the fourth request, refuses a wrong one and accepts a solved one', async () => {
    const ip = uniqueClientIp()
    await sendAccepted('demo', ip, CAPTCHA_AFTER)
    const body = request()
    expectError(await post('demo', body, ip), 400, 'CaptchaRequired')
    const wrong = await solvedCaptcha('demo')
    expectError(
      await post('demo', { ...body, CaptchaId: wrong.CaptchaId, CaptchaLoesung: 'FALSCH' }, ip),
      400,
      'CaptchaWrong',
    )
    // A challenge is used up by any attempt, also its right answer after a wrong one.
    expectError(await post('demo', { ...body, ...wrong }, ip), 400, 'CaptchaWrong')
    expectError(
      await post('demo', { ...body, CaptchaId: randomUUID(), CaptchaLoesung: 'ABCDE' }, ip),
      400,
      'CaptchaWrong',
    )
    expect((await post('demo', { ...body, ...(await solvedCaptcha('demo')) }, ip)).status).toBe(200)
    await waitForMail('demo', body.Email, { subject: /ist eingegangen$/ })
  })

  it('refuses the tenth request within the hour with 429, even with a solved captcha', async () => {
    const ip = uniqueClientIp()
    await sendAccepted('demo', ip, MAX)
    const body = request()
    expectError(await post('demo', { ...body, ...(await solvedCaptcha('demo')) }, ip), 429, 'ZuVieleAnfragen')
    expectError(await post('demo', body, ip), 429, 'ZuVieleAnfragen')
    expectError(
      await call('/api/v1/demo/kontakt?cmd=IsCaptchaRequired', { headers: ip }),
      429,
      'ZuVieleAnfragen',
    )
    // Another client is not affected.
    expect((await post('demo', request(), uniqueClientIp())).status).toBe(200)
    await mailBarrier('demo')
    expect(await mailsTo('demo', body.Email)).toEqual([])
  })

  it('never demands a captcha of a tenant whose Captcha is off, but refuses the tenth request too', async () => {
    expect(DEMO_SETTINGS['demo-closed'].Captcha).toBe('off')
    const ip = uniqueClientIp()
    for (let i = 0; i < MAX; i++) {
      expect(await captchaRequired('demo-closed', ip)).toBe(false)
      expect({ i, status: (await post('demo-closed', request(), ip)).status }).toEqual({ i, status: 200 })
    }
    expectError(await post('demo-closed', request(), ip), 429, 'ZuVieleAnfragen')
  })

  it('holds the limit when one client sends many requests at once', async () => {
    // Each request takes its number on the client's counter first (one upsert): parallel requests
    // (on PostgreSQL through several connections) cannot pass the limit together.
    const ip = uniqueClientIp()
    const answers = await Promise.all(
      Array.from({ length: MAX + 3 }, () => post('demo-closed', request(), ip)),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([...Array(MAX).fill(200), 429, 429, 429])
  })
})

describe('parallel requests and the captcha (limits counted atomically)', () => {
  it('lets 3 of 12 parallel requests of one client through; the others need a captcha and count nothing', async () => {
    const ip = uniqueClientIp()
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('demo', request(), ip)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CAPTCHA_AFTER)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(12 - CAPTCHA_AFTER)
    for (const answer of refused) expectError(answer, 400, 'CaptchaRequired')
    // Only the three count: with solved captchas the client may send six more, then it is refused.
    const statuses: number[] = []
    for (let i = CAPTCHA_AFTER; i <= MAX; i++)
      statuses.push((await post('demo', { ...request(), ...(await solvedCaptcha('demo')) }, ip)).status)
    expect(statuses).toEqual([...Array(MAX - CAPTCHA_AFTER).fill(200), 429])
  })
})

describe('tokens', () => {
  it('takes a logged-in referrer’s request, and deletes it with the account', async () => {
    const account = await registerAccount('demo', { label: 'kontakt' })
    const ip = uniqueClientIp()
    for (let i = 0; i < CAPTCHA_AFTER; i++) {
      const sent = await post('demo', request({ Email: account.email }), ip, { token: account.user.token })
      expect(sent.status).toBe(200)
    }
    await mailBarrier('demo')
    expect(
      (await mailsTo('demo', account.email)).filter((m) => /ist eingegangen$/.test(m.Betreff)),
    ).toHaveLength(CAPTCHA_AFTER)
    expect(await captchaRequired('demo', ip)).toBe(true)
    // The account's deletion takes its contact requests and mails along. The client's count stays: a
    // limit is not lifted by deleting an account, and the count holds no personal data (an HMAC of
    // the address and a number, forgotten after the hour).
    await account.release()
    expect(await mailsTo('demo', account.email)).toEqual([])
    expect(await captchaRequired('demo', ip)).toBe(true)
  })

  it('refuses a wrong token with 401', async () => {
    const ip = uniqueClientIp()
    expectError(await post('demo', request(), ip, { token: 'kein.gueltiges.token' }), 401, 'PSOF0204')
    const forged = issueToken({ ten: 'demo', sub: randomUUID(), role: 'referrer', sv: 1 })
    expectError(await post('demo', request(), ip, { token: `${forged}x` }), 401, 'PSOF0204')
    // Well signed, but for a referrer that does not exist.
    expectError(await post('demo', request(), ip, { token: forged }), 401, 'PSOF0204')
    expect(await captchaRequired('demo', ip)).toBe(false)
  })

  it('refuses a token of the other demo tenant', async () => {
    const other = await registerAccount('demo-closed', { label: 'kontakt-fremd' })
    const ip = uniqueClientIp()
    expectError(await post('demo', request(), ip, { token: other.user.token }), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/kontakt?cmd=IsCaptchaRequired', { headers: ip, token: other.user.token }),
      401,
      'PSOF0204',
    )
    // On its own tenant the same token is fine.
    expect((await post('demo-closed', request(), ip, { token: other.user.token })).status).toBe(200)
  })
})
