import { randomUUID } from 'node:crypto'
import { customerNumberResultSchema, customerNumberEntrySchema } from '@/lib/contracts/customer-number'
import { issueToken } from '@/lib/engine/auth/token'
import {
  DEMO_SETTINGS,
  closeAccounts,
  registerAccount,
  releaseRegisteredAccounts,
  type RegisteredAccount,
} from '../support/accounts'
import type { ErrorCode } from '@/lib/shared/errors'
import { call, expectError } from '../support/http'
import { TEST_OPERATOR_API_KEY } from '../support/test-server'

// The customer number (SPEC §2.2 KundenNummer, §7.3) over HTTP: PUT
// /empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true, GET
// /empfehler/GetResultFromKundennummer/ and the operator's PUT /operator/kundennummer. The number is
// answered masked only; its check goes Ausstehend → Bestaetigt or Abgelehnt. Only on tenants whose
// RewardKinds include 'credit' (demo; demo-closed pays cash only).

function put(tenant: string, number: string, options: { token?: string; query?: string } = {}) {
  return call(
    `/api/v1/${tenant}/empfehler/SetKundennummerForEmpfehler/${number}${options.query ?? '?bestandskunde=true'}`,
    { method: 'PUT', token: options.token },
  )
}

function result(tenant: string, token?: string) {
  return call(`/api/v1/${tenant}/empfehler/GetResultFromKundennummer`, { token })
}

/** The operator call; `key` null sends none. */
function operator(tenant: string, body: unknown, key: string | null = TEST_OPERATOR_API_KEY) {
  return call(`/api/v1/${tenant}/operator/kundennummer`, { method: 'PUT', body, token: key ?? undefined })
}

/** The referrer's result as GET answers it; fails unless 200 with exactly the three fields. */
async function current(account: RegisteredAccount) {
  const answer = await result('demo', account.user.token)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  expect(Object.keys(answer.json as object).sort()).toEqual(['GeaendertAm', 'Kundennummer', 'Status'])
  return customerNumberResultSchema.parse(answer.json)
}

const EMPTY = { Kundennummer: null, Status: 'Keine', GeaendertAm: null }

afterAll(async () => {
  await releaseRegisteredAccounts()
  await closeAccounts()
})

it('the demo tenants are set up as the tests assume', () => {
  expect(DEMO_SETTINGS.demo.RewardKinds).toContain('credit')
  expect(DEMO_SETTINGS['demo-closed'].RewardKinds).toEqual(['cash'])
})

describe('SetKundennummerForEmpfehler and GetResultFromKundennummer', () => {
  it('stores a number typed with spaces, answers it masked and Ausstehend, and GET shows the same', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer' })
    expect(await current(account)).toEqual(EMPTY)

    const before = Date.now()
    const saved = await put('demo', encodeURIComponent('1234 5678 90'), { token: account.user.token })
    expect(saved.status).toBe(200)
    expect(saved.headers.get('cache-control')).toBe('no-store')
    const answer = customerNumberResultSchema.parse(saved.json)
    expect(answer).toEqual({
      Kundennummer: '•••••••890',
      Status: 'Ausstehend',
      GeaendertAm: expect.any(String),
    })
    expect(Date.parse(answer.GeaendertAm!)).toBeGreaterThanOrEqual(before - 1000)
    // Never the whole number, in no answer.
    expect(saved.text).not.toContain('1234567890')
    expect(saved.text).not.toContain('12345')
    expect(await current(account)).toEqual(answer)

    // The suite's own PGlite database belongs to the server; on PostgreSQL (DATABASE_URL) the row is
    // read here too. tests/db/engine/customer-numbers.test.ts checks the encryption on every database.
    if (process.env.DATABASE_URL) {
      const { getDb } = await import('@/lib/engine/db')
      const { referrerCustomerNumbers, referrers } = await import('@/lib/db/schema')
      const { eq } = await import('drizzle-orm')
      const db = await getDb()
      const [referrer] = await db.select().from(referrers).where(eq(referrers.email, account.email))
      const [row] = await db
        .select()
        .from(referrerCustomerNumbers)
        .where(eq(referrerCustomerNumbers.referrerId, referrer!.id))
      expect(row).toMatchObject({
        status: 'Ausstehend',
        kundennummerEncrypted: expect.stringMatching(/^v1\./),
      })
      expect(row!.kundennummerIndex).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain('1234567890')
    }
  })

  it('accepts the query without bestandskunde and ignores other parameters', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-query' })
    const saved = await put('demo', '987654', { token: account.user.token, query: '?quelle=formular' })
    expect(saved.status).toBe(200)
    expect((await current(account)).Kundennummer).toBe('•••654')
  })

  it('keeps the state for the same number and checks a new one anew', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-wechsel' })
    const first = customerNumberResultSchema.parse(
      (await put('demo', '11223344', { token: account.user.token })).json,
    )
    // The same number again (with spaces) changes nothing, not even the time.
    const again = await put('demo', encodeURIComponent('1122 3344'), { token: account.user.token })
    expect(customerNumberResultSchema.parse(again.json)).toEqual(first)

    const confirmed = await operator('demo', {
      Email: account.email,
      Status: 'Bestaetigt',
      Bearbeiter: 'jest',
    })
    expect(confirmed.status).toBe(200)
    expect(customerNumberResultSchema.parse(confirmed.json)).toMatchObject({
      Kundennummer: '•••••344',
      Status: 'Bestaetigt',
    })
    expect((await put('demo', '11223344', { token: account.user.token })).json).toMatchObject({
      Status: 'Bestaetigt',
    })
    expect(await current(account)).toMatchObject({ Status: 'Bestaetigt' })

    const changed = customerNumberResultSchema.parse(
      (await put('demo', '000111222333', { token: account.user.token })).json,
    )
    expect(changed).toMatchObject({ Kundennummer: '•••••••••333', Status: 'Ausstehend' })
    expect(await current(account)).toEqual(changed)
  })

  it.each([
    ['five digits', '12345', 'UngueltigeEingabe'],
    ['thirteen digits', '1234567890123', 'UngueltigeEingabe'],
    ['a letter', '12345A', 'UngueltigeEingabe'],
    ['a hyphen', '1234-5678', 'UngueltigeEingabe'],
    ['a slash', encodeURIComponent('1234/5678'), 'UngueltigeEingabe'],
    ['only spaces', encodeURIComponent('      '), 'UngueltigeEingabe'],
    ['a plus sign', '+4912345678', 'UngueltigeEingabe'],
    ['full-width digits', encodeURIComponent('１２３４５６７'), 'UngueltigeEingabe'],
    // A NUL in an address is refused by server.mjs before any handler: AnfrageUngueltig.
    ['a NUL', encodeURIComponent('123456\u0000'), 'AnfrageUngueltig'],
  ] as [string, string, ErrorCode][])(
    'refuses %s with 400 and stores nothing',
    async (_label, number, code) => {
      const account = await registerAccount('demo', { label: 'kundennummer-falsch' })
      const answer = await put('demo', number, { token: account.user.token })
      expectError(answer, 400, code)
      expect(await current(account)).toEqual(EMPTY)
    },
  )

  it.each(['?bestandskunde=false', '?bestandskunde=ja', '?bestandskunde='])(
    'refuses the query %s with 400 and stores nothing',
    async (query) => {
      const account = await registerAccount('demo', { label: 'kundennummer-abfrage' })
      expectError(
        await put('demo', '123456789', { token: account.user.token, query }),
        400,
        'UngueltigeEingabe',
      )
      expect(await current(account)).toEqual(EMPTY)
    },
  )

  it('keeps a stored number when a bad one follows', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-bleibt' })
    const stored = (await put('demo', '55667788', { token: account.user.token })).json
    expectError(
      await put('demo', '556677', { token: account.user.token, query: '?bestandskunde=nein' }),
      400,
      'UngueltigeEingabe',
    )
    expectError(await put('demo', '5566', { token: account.user.token }), 400, 'UngueltigeEingabe')
    expect(await current(account)).toEqual(stored)
  })

  it('refuses a missing, wrong or ended token with 401, and other roles with 403', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-token' })
    expectError(await put('demo', '123456'), 401, 'PSOF0204')
    expectError(await result('demo'), 401, 'PSOF0204')
    expectError(await put('demo', '123456', { token: 'kein.gueltiges.token' }), 401, 'PSOF0204')
    expectError(await put('demo', '123456', { token: `${account.user.token}x` }), 401, 'PSOF0204')
    // Well signed, but for a referrer that does not exist.
    const ghost = issueToken({ ten: 'demo', sub: randomUUID(), role: 'referrer', sv: 1 })
    expectError(await put('demo', '123456', { token: ghost }), 401, 'PSOF0204')
    expectError(await result('demo', ghost), 401, 'PSOF0204')
    // A recipient's token is no referrer's.
    const recipient = issueToken({ ten: 'demo', sub: randomUUID(), role: 'recipient' })
    expectError(await put('demo', '123456', { token: recipient }), 403, 'NichtAuthorisiert')
    // After logout the token is over.
    expect(
      (await call('/api/v1/demo/account/logout', { method: 'POST', token: account.user.token })).status,
    ).toBe(200)
    expectError(await put('demo', '123456', { token: account.user.token }), 401, 'PSOF0204')
    expectError(await result('demo', account.user.token), 401, 'PSOF0204')
  })

  it('refuses a token of the other demo tenant', async () => {
    const other = await registerAccount('demo-closed', { label: 'kundennummer-fremd' })
    expectError(await put('demo', '123456', { token: other.user.token }), 401, 'PSOF0204')
    expectError(await result('demo', other.user.token), 401, 'PSOF0204')
    // Nothing was stored for that referrer either: on its own tenant there is no credit at all.
    expectError(await result('demo-closed', other.user.token), 404, 'NichtGefunden')
  })

  it('answers NichtGefunden on a tenant without credit, whatever the input', async () => {
    const closed = await registerAccount('demo-closed', { label: 'kundennummer-bar' })
    expectError(await put('demo-closed', '123456789', { token: closed.user.token }), 404, 'NichtGefunden')
    expectError(await put('demo-closed', 'kaputt', { token: closed.user.token }), 404, 'NichtGefunden')
    expectError(await result('demo-closed', closed.user.token), 404, 'NichtGefunden')
    expectError(
      await operator('demo-closed', { Email: closed.email, Status: 'Bestaetigt', Bearbeiter: 'jest' }),
      404,
      'NichtGefunden',
    )
  })

  it('demands X-Requested-With on the PUT and refuses other methods', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-methode' })
    expectError(
      await call('/api/v1/demo/empfehler/SetKundennummerForEmpfehler/123456', {
        method: 'PUT',
        token: account.user.token,
        withoutRequestedWith: true,
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expectError(
        await call('/api/v1/demo/empfehler/SetKundennummerForEmpfehler/123456', {
          method,
          token: account.user.token,
        }),
        405,
        'MethodeNichtErlaubt',
      )
    expectError(
      await call('/api/v1/demo/empfehler/GetResultFromKundennummer', {
        method: 'PUT',
        token: account.user.token,
      }),
      405,
      'MethodeNichtErlaubt',
    )
    // Without the number the path does not exist.
    expectError(
      await call('/api/v1/demo/empfehler/SetKundennummerForEmpfehler', {
        method: 'PUT',
        token: account.user.token,
      }),
      404,
      'NichtGefunden',
    )
    expect(await current(account)).toEqual(EMPTY)
  })
})

describe('operator: PUT /operator/kundennummer', () => {
  it('confirms and rejects, and a later decision corrects an earlier one', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-operator' })
    await put('demo', '4455667788', { token: account.user.token })
    const rejected = await operator('demo', {
      Email: ` ${account.email.toUpperCase()} `,
      Status: 'Abgelehnt',
      Bearbeiter: 'jest',
      Kundennummer: '4455 6677 88',
    })
    expect(rejected.status).toBe(200)
    expect(rejected.json).toEqual({
      Kundennummer: '•••••••788',
      Status: 'Abgelehnt',
      GeaendertAm: expect.any(String),
    })
    expect(rejected.text).not.toContain('4455667788')
    expect(await current(account)).toMatchObject({ Status: 'Abgelehnt' })
    const confirmed = await operator('demo', {
      Email: account.email,
      Status: 'Bestaetigt',
      Bearbeiter: 'jest',
    })
    expect(confirmed.json).toMatchObject({ Status: 'Bestaetigt' })
    expect(await current(account)).toMatchObject({ Kundennummer: '•••••••788', Status: 'Bestaetigt' })
  })

  it('lists the numbers still to check with the whole number', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-liste' })
    await put('demo', '314159265', { token: account.user.token })
    const list = await call('/api/v1/demo/operator/kundennummer', { token: TEST_OPERATOR_API_KEY })
    expect(list.status).toBe(200)
    const entries = customerNumberEntrySchema
      .array()
      .parse((list.json as { Kundennummern: unknown }).Kundennummern)
    expect(entries.find((e) => e.Email === account.email)).toEqual({
      Email: account.email,
      Vorname: 'Jest',
      Nachname: 'Konto',
      Kundennummer: '314159265',
      Status: 'Ausstehend',
      GeaendertAm: expect.any(String),
    })
    await operator('demo', { Email: account.email, Status: 'Bestaetigt', Bearbeiter: 'jest' })
    const pending = (
      await call('/api/v1/demo/operator/kundennummer?status=Ausstehend', { token: TEST_OPERATOR_API_KEY })
    ).json as { Kundennummern: { Email: string }[] }
    expect(pending.Kundennummern.map((e) => e.Email)).not.toContain(account.email)
    const done = (
      await call('/api/v1/demo/operator/kundennummer?status=Bestaetigt', { token: TEST_OPERATOR_API_KEY })
    ).json as { Kundennummern: { Email: string }[] }
    expect(done.Kundennummern.map((e) => e.Email)).toContain(account.email)
    expectError(
      await call('/api/v1/demo/operator/kundennummer?status=Keine', { token: TEST_OPERATOR_API_KEY }),
      400,
      'UngueltigeEingabe',
    )
  })

  it('refuses a number that is not the one on file, and keeps its state', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-anders' })
    await put('demo', '777888999', { token: account.user.token })
    expectError(
      await operator('demo', {
        Email: account.email,
        Status: 'Bestaetigt',
        Bearbeiter: 'jest',
        Kundennummer: '777888990',
      }),
      404,
      'NichtGefunden',
    )
    expect(await current(account)).toMatchObject({ Status: 'Ausstehend' })
  })

  it('answers NichtRegistriert for an unknown e-mail and NichtGefunden without a number', async () => {
    expectError(
      await operator('demo', {
        Email: 'niemand-kundennummer@example.org',
        Status: 'Bestaetigt',
        Bearbeiter: 'jest',
      }),
      404,
      'NichtRegistriert',
    )
    const account = await registerAccount('demo', { label: 'kundennummer-ohne' })
    expectError(
      await operator('demo', { Email: account.email, Status: 'Bestaetigt', Bearbeiter: 'jest' }),
      404,
      'NichtGefunden',
    )
    expect(await current(account)).toEqual(EMPTY)
  })

  it('refuses bad input, and callers without the operator key', async () => {
    const account = await registerAccount('demo', { label: 'kundennummer-schluessel' })
    await put('demo', '246813579', { token: account.user.token })
    const body = { Email: account.email, Status: 'Bestaetigt', Bearbeiter: 'jest' }
    for (const bad of [
      { ...body, Status: 'Ausstehend' },
      { ...body, Status: 'bestaetigt' },
      { ...body, Bearbeiter: '' },
      { ...body, Kundennummer: '12' },
      { Email: account.email, Status: 'Bestaetigt' },
    ])
      expectError(await operator('demo', bad), 400, 'UngueltigeEingabe')
    expectError(await operator('demo', body, null), 401, 'PSOF0204')
    expectError(await operator('demo', body, `${TEST_OPERATOR_API_KEY}x`), 401, 'PSOF0204')
    expectError(await operator('demo', body, account.user.token), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/operator/kundennummer', { token: account.user.token }),
      401,
      'PSOF0204',
    )
    expect(await current(account)).toMatchObject({ Status: 'Ausstehend' })
  })
})
