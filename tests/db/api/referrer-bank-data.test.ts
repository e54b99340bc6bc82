import { randomUUID } from 'node:crypto'
import { userSchema } from '@/lib/contracts/account'
import { referrerBankDataSchema } from '@/lib/contracts/bank-data'
import { issueToken } from '@/lib/engine/auth/token'
import { call, claimsOf, expectError, uniqueClientIp, type ApiResponse } from '../support/http'
import {
  MAIL_SUBJECTS,
  REGISTERED_PASSWORD,
  registerAccount,
  releaseRegisteredAccounts,
  type RegisteredAccount,
} from '../support/accounts'
import { linkFrom, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { putTestTenant } from '../support/tenants'

// GET, PUT, DELETE /empfehler/bankdaten/ over HTTP (SPEC §7.3, EmpfehlerBankdaten): the logged-in
// referrer's account for cash rewards, only where the tenant offers it (ModuleStoringBankdata).

const IBAN = 'DE89370400440532013000'
const MASKED = 'DE89 •••• •••• •••• ••30 00'
const HOLDER = 'Mara Muster'
const MASKED_HOLDER = 'M••• M•••••'
const NONE = { IBAN: null, Kontoinhaber: null, GeaendertAm: null }

const url = (tenant: string) => `/api/v1/${tenant}/empfehler/bankdaten`

function bank(
  tenant: string,
  method: 'GET' | 'PUT' | 'DELETE',
  token: string | undefined,
  body?: unknown,
): Promise<ApiResponse> {
  return call(url(tenant), { method, token, body })
}

/** A 200 answer, checked against the contract (which refuses anything but a masked shape or nulls). */
function answer(response: ApiResponse) {
  expect({ status: response.status, body: response.json }).toEqual({ status: 200, body: expect.anything() })
  expect(response.headers.get('cache-control')).toBe('no-store')
  return referrerBankDataSchema.parse(response.json)
}

/** Where the test shares its database with the server (PostgreSQL), the stored row itself. */
async function storedRow(referrerId: string): Promise<Record<string, unknown> | null | 'unavailable'> {
  if (!process.env.DATABASE_URL) return 'unavailable'
  const { getDb } = await import('@/lib/engine/db')
  const { storedBankAccount } = await import('../support/referrers')
  return storedBankAccount(await getDb(), referrerId)
}

let demo: RegisteredAccount

beforeAll(async () => {
  demo = await registerAccount('demo', { label: 'bankdaten' })
})

afterAll(async () => {
  await releaseRegisteredAccounts()
  if (process.env.DATABASE_URL) {
    const { closeDb } = await import('@/lib/engine/db')
    await closeDb()
  }
})

describe('the referrer’s own account', () => {
  it('answers nulls while none is stored, at the SPEC’s path with the slash too', async () => {
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(NONE)
    const slash = await call(`${url('demo')}/`, { token: demo.user.token, redirect: 'follow' })
    expect(answer(slash)).toEqual(NONE)
  })

  it('stores the account encrypted, answers it masked, replaces it and deletes it', async () => {
    const before = Date.now()
    const saved = await bank('demo', 'PUT', demo.user.token, {
      IBAN: 'de89 3704 0044 0532 0130 00',
      Kontoinhaber: ` ${HOLDER} `,
    })
    const body = answer(saved)
    expect(body).toEqual({ IBAN: MASKED, Kontoinhaber: MASKED_HOLDER, GeaendertAm: expect.any(String) })
    const changed = Date.parse(body.GeaendertAm!)
    expect(changed).toBeGreaterThanOrEqual(before - 1000)
    expect(changed).toBeLessThanOrEqual(Date.now() + 1000)
    expect(saved.text).not.toContain('0532013000')
    expect(saved.text).not.toContain('Muster')

    const read = await bank('demo', 'GET', demo.user.token)
    expect(answer(read)).toEqual(body)
    expect(read.text).not.toContain('0532013000')

    const row = await storedRow(claimsOf(demo.user.token).sub)
    if (row !== 'unavailable') {
      expect(row).not.toBeNull()
      const stored = JSON.stringify(row)
      expect(stored).not.toContain('370400440532013000')
      expect(stored).not.toContain('Muster')
      expect(row).toMatchObject({ ibanEncrypted: expect.stringMatching(/^v1\./) })
    }

    // Saving again replaces the account (any SEPA country where the tenant does not restrict it).
    const replaced = answer(
      await bank('demo', 'PUT', demo.user.token, {
        IBAN: 'AT611904300234573201',
        Kontoinhaber: 'Theo Tester',
      }),
    )
    expect(replaced).toMatchObject({ IBAN: 'AT61 •••• •••• •••• 3201', Kontoinhaber: 'T••• T•••••' })
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(replaced)

    expect(answer(await bank('demo', 'DELETE', demo.user.token))).toEqual(NONE)
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(NONE)
    if (row !== 'unavailable') expect(await storedRow(claimsOf(demo.user.token).sub)).toBeNull()
    // Deleting what is not there is no error.
    expect(answer(await bank('demo', 'DELETE', demo.user.token))).toEqual(NONE)
  })

  it('refuses an invalid IBAN and stores nothing', async () => {
    for (const [iban, reason] of [
      ['DE89370400440532013001', 'checksum'],
      ['XX89370400440532013000', 'country'],
      ['DE8937040044053201300', 'length'],
      ['DE89 3704 O044 0532 0130 00', 'format'],
      ['DE00370400440532013000', 'checksum'],
      ['DE89-3704-0044-0532-0130-00', 'format'],
      ['keine IBAN', 'country'],
    ] as const) {
      const refused = await bank('demo', 'PUT', demo.user.token, { IBAN: iban, Kontoinhaber: HOLDER })
      expectError(refused, 400, 'IbanUngueltig')
      expect((refused.json as { Fields: unknown }).Fields).toEqual([{ Field: 'IBAN', Code: reason }])
    }
    expectError(
      await bank('demo', 'PUT', demo.user.token, { IBAN: 'DE89370400440532013001', Kontoinhaber: HOLDER }),
      400,
      'IbanUngueltig',
    )
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(NONE)
  })

  it('refuses malformed input with 400 and changes nothing', async () => {
    const stored = answer(await bank('demo', 'PUT', demo.user.token, { IBAN, Kontoinhaber: HOLDER }))
    for (const body of [
      {},
      { IBAN },
      { Kontoinhaber: HOLDER },
      { IBAN, Kontoinhaber: 'M' },
      { IBAN, Kontoinhaber: '  ' },
      { IBAN, Kontoinhaber: 'x'.repeat(141) },
      { IBAN, Kontoinhaber: 'Mara\nMuster' },
      { IBAN: 'DE'.repeat(26), Kontoinhaber: HOLDER },
      { IBAN: '', Kontoinhaber: HOLDER },
      { IBAN: 8937040044, Kontoinhaber: HOLDER },
      { IBAN: [IBAN], Kontoinhaber: HOLDER },
      { IBAN: `DE89\u0000370400440532013000`, Kontoinhaber: HOLDER },
      [IBAN, HOLDER],
      'kein JSON',
      null,
    ]) {
      const refused = await call(url('demo'), { method: 'PUT', token: demo.user.token, body })
      expectError(refused, 400, 'UngueltigeEingabe')
    }
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(stored)
    // Ids and dates in the body are not the client's to set: they are ignored.
    const other = randomUUID()
    const own = answer(
      await bank('demo', 'PUT', demo.user.token, {
        IBAN,
        Kontoinhaber: HOLDER,
        referrerId: other,
        ReferrerId: other,
        GeaendertAm: '2000-01-01T00:00:00.000Z',
      }),
    )
    expect(own.GeaendertAm).not.toBe('2000-01-01T00:00:00.000Z')
    expect(answer(await bank('demo', 'DELETE', demo.user.token))).toEqual(NONE)
  })

  it('accepts German IBANs only where the tenant says so (ModuleIBANNurDE, demo-closed)', async () => {
    const closed = await registerAccount('demo-closed', { label: 'bankdaten-de' })
    const refused = await bank('demo-closed', 'PUT', closed.user.token, {
      IBAN: 'AT611904300234573201',
      Kontoinhaber: HOLDER,
    })
    expectError(refused, 400, 'IbanNichtDeutsch')
    expect((refused.json as { Fields: unknown }).Fields).toEqual([{ Field: 'IBAN', Code: 'notGerman' }])
    expect(answer(await bank('demo-closed', 'GET', closed.user.token))).toEqual(NONE)
    // In English the catalogue text is English.
    expectError(
      await call(url('demo-closed'), {
        method: 'PUT',
        token: closed.user.token,
        locale: 'en',
        body: { IBAN: 'AT611904300234573201', Kontoinhaber: HOLDER },
      }),
      400,
      'IbanNichtDeutsch',
      'en',
    )
    expect(
      answer(await bank('demo-closed', 'PUT', closed.user.token, { IBAN, Kontoinhaber: HOLDER })),
    ).toMatchObject({ IBAN: MASKED })
  })
})

describe('who may call it', () => {
  it('answers 401 without a token, with a wrong one and after logout', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { IBAN, Kontoinhaber: HOLDER } : undefined
      expectError(await bank('demo', method, undefined, body), 401, 'PSOF0204')
      expectError(await bank('demo', method, 'falsch.falsch.falsch', body), 401, 'PSOF0204')
      // The demo referrer's token with a changed payload: the signature no longer fits.
      const [header, , signature] = demo.user.token.split('.')
      const payload = Buffer.from(
        JSON.stringify({ ...claimsOf(demo.user.token), sub: randomUUID() }),
      ).toString('base64url')
      expectError(await bank('demo', method, `${header}.${payload}.${signature}`, body), 401, 'PSOF0204')
    }
    const account = await registerAccount('demo', { label: 'bankdaten-abgemeldet' })
    const logout = await call('/api/v1/demo/account/logout', { method: 'POST', token: account.user.token })
    expect(logout.status).toBe(200)
    expectError(await bank('demo', 'GET', account.user.token), 401, 'PSOF0204')
    expectError(
      await bank('demo', 'PUT', account.user.token, { IBAN, Kontoinhaber: HOLDER }),
      401,
      'PSOF0204',
    )
  })

  it('refuses a token of the other demo tenant, and a recipient’s token', async () => {
    const closed = await registerAccount('demo-closed', { label: 'bankdaten-fremd' })
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { IBAN, Kontoinhaber: HOLDER } : undefined
      expectError(await bank('demo', method, closed.user.token, body), 401, 'PSOF0204')
      // The demo referrer's id under the other tenant's name: still not this tenant's token.
      const foreign = issueToken({
        ten: 'demo-closed',
        sub: claimsOf(demo.user.token).sub,
        role: 'referrer',
        sv: claimsOf(demo.user.token).sv,
      })
      expectError(await bank('demo', method, foreign, body), 401, 'PSOF0204')
      const recipient = issueToken({ ten: 'demo', sub: randomUUID(), role: 'recipient' })
      expectError(await bank('demo', method, recipient, body), 403, 'NichtAuthorisiert')
    }
    // Nothing reached the demo referrer's account.
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(NONE)
  })

  it('demands X-Requested-With and the own origin for changes, and offers no other methods', async () => {
    const put = (headers: Record<string, string>, withoutRequestedWith = false) =>
      call(url('demo'), {
        method: 'PUT',
        token: demo.user.token,
        body: { IBAN, Kontoinhaber: HOLDER },
        headers,
        withoutRequestedWith,
      })
    expectError(await put({}, true), 400, 'AnfrageUnvollstaendig')
    expectError(await put({ Origin: 'https://angreifer.example' }), 403, 'NichtAuthorisiert')
    expectError(
      await call(url('demo'), { method: 'DELETE', token: demo.user.token, withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(
      await call(url('demo'), {
        method: 'POST',
        token: demo.user.token,
        body: { IBAN, Kontoinhaber: HOLDER },
      }),
      405,
      'MethodeNichtErlaubt',
    )
    expect(answer(await bank('demo', 'GET', demo.user.token))).toEqual(NONE)
  })
})

describe('a tenant without ModuleStoringBankdata', () => {
  it('has no bank data: every call answers NichtGefunden', async () => {
    const slug = `bank-aus-${randomUUID().slice(0, 8)}`
    await putTestTenant(slug, 'Ohnebank')

    // A referrer of that tenant, registered through the API and the welcome mail's link.
    const email = uniqueTestEmail('bankdaten-ohne')
    const registered = await call(`/api/v1/${slug}/account/createEmpfehler`, {
      method: 'POST',
      headers: uniqueClientIp(),
      body: { Vorname: 'Jest', Nachname: 'Ohnebank', Email: email },
    })
    expect(registered.status).toBe(200)
    const welcome = await waitForMail(slug, email, { subject: MAIL_SUBJECTS.welcome })
    const set = await call(`/api/v1/${slug}/account/resetPassword`, {
      method: 'PUT',
      body: { Token: linkFrom(welcome, `/${slug}/registrieren`), Password: REGISTERED_PASSWORD },
    })
    expect(set.status).toBe(200)
    const { token } = userSchema.parse(set.json)

    expectError(await bank(slug, 'GET', token), 404, 'NichtGefunden')
    expectError(await bank(slug, 'PUT', token, { IBAN, Kontoinhaber: HOLDER }), 404, 'NichtGefunden')
    expectError(await bank(slug, 'DELETE', token), 404, 'NichtGefunden')
    // Its tokens are worth nothing on a tenant that offers it.
    expectError(await bank('demo', 'GET', token), 401, 'PSOF0204')

    const deleted = await call(`/api/v1/${slug}/empfehler/delete`, { method: 'DELETE', token })
    expect(deleted.status).toBe(200)
  })
})
