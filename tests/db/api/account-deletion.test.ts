import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { userSchema } from '@/lib/contracts/account'
import {
  closeAccounts,
  MAIL_SUBJECTS,
  mailBarrier,
  operatorCall,
  registerAccount,
  releaseRegisteredAccounts,
  SUPPORT_EMAIL,
  supportSessionToken,
  trackForRelease,
  type RegisteredAccount,
} from '../support/accounts'
import { call, expectError, login, uniqueClientIp } from '../support/http'
import { linkFrom, mailsTo, waitForMail } from '../support/mailbox'

// DELETE /api/v1/{tenant}/empfehler/delete: the account and the referrer's personal data are deleted
// for real (QUALITY §Privacy: "deletion really deletes (a scan finds nothing)").

const DELETE = '/api/v1/demo/empfehler/delete'
const USER = '/api/v1/demo/account/user'

afterAll(async () => {
  await releaseRegisteredAccounts()
  await closeAccounts()
})

function deleteAccount(token: string, options = {}) {
  return call(DELETE, { method: 'DELETE', token, ...options })
}

/** The rows of a raw query (node-postgres answers { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Every text and jsonb column of every table in the public schema that holds the e-mail (any case),
 * as "table.column". Only possible on PostgreSQL (DATABASE_URL): on PGlite the server owns the database
 * directory and the test process cannot open it.
 */
async function columnsHolding(email: string): Promise<string[]> {
  const { getDb } = await import('@/lib/engine/db')
  const db = await getDb()
  const columns = await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
  `)
  const rows = rowsOf<{ table_name: string; column_name: string }>(columns)
  expect(rows.map((r) => `${r.table_name}.${r.column_name}`)).toEqual(
    expect.arrayContaining([
      'referrers.email',
      'mail_outbox.text',
      'mailbox_messages.html',
      'audit_log.detail',
    ]),
  )
  const hits: string[] = []
  for (const { table_name: table, column_name: column } of rows) {
    const found = await db.execute(sql`
      select count(*)::int as hits from ${sql.identifier(table)}
      where position(${email.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0
    `)
    const [row] = rowsOf<{ hits: number }>(found)
    if (row && row.hits > 0) hits.push(`${table}.${column}`)
  }
  return hits
}

/** Leaves as many traces of the account as the API allows: mails, consents, tokens, audit records, failures. */
async function leaveTraces(account: RegisteredAccount) {
  const optin = await call('/api/v1/demo/empfehler/setNewsletterOptin', {
    method: 'PUT',
    token: account.user.token,
  })
  expect(optin.status).toBe(200)
  const newsletter = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.newsletterOptin })
  const confirmed = await call('/api/v1/demo/empfehler/newsletter/optin', {
    method: 'PUT',
    body: { Token: linkFrom(newsletter, '/demo/empfehler/newsletter/optin') },
  })
  expect(confirmed.status).toBe(200)
  expect((await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(account.email)}`)).status).toBe(
    200,
  )
  await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
  const again = await call('/api/v1/demo/account/createEmpfehler', {
    method: 'POST',
    headers: uniqueClientIp(),
    body: { Vorname: 'Jest', Nachname: 'Konto', Email: account.email },
  })
  expect(again.status).toBe(200)
  await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.accountExists })
  // Operators write what the customer told them, the e-mail included.
  const issued = await operatorCall('demo', 'adminLoginToken', {
    Email: account.email,
    Grund: `Anruf von ${account.email}: Konto löschen`,
    Bearbeiter: 'jest',
  })
  expect(issued.status).toBe(200)
  const ip = uniqueClientIp()
  for (let i = 0; i < 2; i++) {
    const failed = await call('/api/v1/demo/account/login', {
      method: 'POST',
      headers: ip,
      body: { Email: account.email, Password: 'Falsch-Passw0rt' },
    })
    expect(failed.status).toBe(401)
  }
  return { optoutToken: linkFrom(newsletter, '/demo/empfehler/newsletter/optout') }
}

describe('DELETE /api/v1/{tenant}/empfehler/delete', () => {
  it('deletes the account: login fails, every session ends, no mail and no column keeps the e-mail', async () => {
    const account = await registerAccount('demo', { label: 'loeschen' })
    const other = await login('demo', account)
    const { optoutToken } = await leaveTraces(account)
    expect((await mailsTo('demo', account.email)).length).toBeGreaterThanOrEqual(4)

    const response = await deleteAccount(account.user.token)
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ ok: true })
    expect(response.headers.get('cache-control')).toBe('no-store')

    expectError(
      await call('/api/v1/demo/account/login', {
        method: 'POST',
        headers: uniqueClientIp(),
        body: { Email: account.email, Password: account.password },
      }),
      401,
      'PasswortOderEmailFalsch',
    )
    for (const token of [account.user.token, other.token]) {
      expectError(await call(USER, { token }), 401, 'PSOF0204')
      expectError(await deleteAccount(token), 401, 'PSOF0204')
    }
    expectError(
      await operatorCall('demo', 'adminLoginToken', {
        Email: account.email,
        Grund: 'Nachfrage',
        Bearbeiter: 'jest',
      }),
      404,
      'NichtRegistriert',
    )
    // An unsubscribe link in a mail that is still out there finds nothing to unsubscribe, and says so calmly.
    const optout = await call('/api/v1/demo/empfehler/newsletter/optout', {
      method: 'PUT',
      body: { Token: optoutToken },
    })
    expect(optout.json).toEqual({
      Status: 'optedOut',
      newsletterpermission: false,
      newsletterpermissionversendetam: null,
    })

    // Nothing on its way to the address arrives after the deletion either.
    await mailBarrier('demo')
    expect(await mailsTo('demo', account.email)).toEqual([])

    // The scan of every column needs the database itself, which only PostgreSQL shares with the test
    // process; on PGlite (the default) the server holds the database directory alone, so it is left out.
    if (process.env.DATABASE_URL) {
      expect(await columnsHolding(account.email)).toEqual([])
    }
  })

  it('frees the e-mail: registering it again is a new account with a welcome mail', async () => {
    const account = await registerAccount('demo', { label: 'neu-anmelden' })
    expect((await deleteAccount(account.user.token)).status).toBe(200)
    const again = await call('/api/v1/demo/account/createEmpfehler', {
      method: 'POST',
      headers: uniqueClientIp(),
      body: { Vorname: 'Wieder', Nachname: 'Da', Email: account.email },
    })
    expect(again.status).toBe(200)
    trackForRelease('demo', account.email)
    const welcome = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.welcome })
    const user = await call(`/api/v1/demo/account/login?token=${linkFrom(welcome, '/demo/login')}`)
    expect(userSchema.parse(user.json)).toMatchObject({ vorname: 'Wieder', newsletterpermission: false })
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })

  it('drops a mail still on its way to the address', async () => {
    const account = await registerAccount('demo', { label: 'unterwegs' })
    // The reset mail is written to the outbox and the account deleted right after, before or while the
    // worker delivers it.
    expect(
      (await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(account.email)}`)).status,
    ).toBe(200)
    expect((await deleteAccount(account.user.token)).status).toBe(200)
    await mailBarrier('demo')
    expect(await mailsTo('demo', account.email)).toEqual([])
  })

  it.each([
    ['letters', 'ma'],
    ['an apostrophe (written &#39; in the HTML part)', "o'"],
  ])(
    'keeps the mails of a longer address that ends with the deleted one: before it %s',
    async (_, prefix) => {
      const account = await registerAccount('demo', { label: 'kurz' })
      // Someone whose address ends with the account's writes to support: the mail to support names it.
      const longer = `${prefix}${account.email}`
      const Betreff = `Jest-Betreff ${randomUUID().slice(0, 8)}`
      const sent = await call('/api/v1/demo/kontakt', {
        method: 'POST',
        headers: uniqueClientIp(),
        body: {
          Name: 'Jest Länger',
          Email: longer,
          Betreff,
          Nachricht: 'Eine Frage.',
          DatenschutzAkzeptiert: true,
        },
      })
      expect(sent.status).toBe(200)
      const toSupport = await waitForMail('demo', SUPPORT_EMAIL.demo, {
        subject: new RegExp(`^Kontaktanfrage: ${Betreff}$`),
      })
      expect(toSupport.Text).toContain(longer)
      const receipt = await waitForMail('demo', longer, { subject: /^Ihre Anfrage an .* ist eingegangen$/ })

      expect((await deleteAccount(account.user.token)).status).toBe(200)
      await mailBarrier('demo')
      expect(await mailsTo('demo', account.email)).toEqual([])
      expect((await mailsTo('demo', longer)).map((mail) => mail.Id)).toEqual([receipt.Id])
      expect((await mailsTo('demo', SUPPORT_EMAIL.demo)).map((mail) => mail.Id)).toContain(toSupport.Id)
    },
  )

  it('lets a support session delete the account', async () => {
    const account = await registerAccount('demo', { label: 'support' })
    const adminToken = await supportSessionToken('demo', account.email, 'Löschwunsch per Telefon')
    expect((await deleteAccount(adminToken)).json).toEqual({ ok: true })
    expectError(await call(USER, { token: account.user.token }), 401, 'PSOF0204')
  })

  it.each([
    ['without X-Requested-With', { withoutRequestedWith: true }, 400, 'AnfrageUnvollstaendig'],
    ['from a foreign origin', { headers: { Origin: 'https://evil.example' } }, 403, 'NichtAuthorisiert'],
  ] as const)('refuses a deletion %s and keeps the account', async (_label, options, status, code) => {
    const account = await registerAccount('demo', { label: 'bleibt' })
    expectError(await deleteAccount(account.user.token, options), status, code)
    expect((await call(USER, { token: account.user.token })).status).toBe(200)
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it('never deletes through another tenant', async () => {
    const account = await registerAccount('demo', { label: 'mandant' })
    expectError(
      await call('/api/v1/demo-closed/empfehler/delete', { method: 'DELETE', token: account.user.token }),
      401,
      'PSOF0204',
    )
    expect((await call(USER, { token: account.user.token })).status).toBe(200)
  })

  it.each(['GET', 'POST', 'PUT'] as const)('answers %s with 405 MethodeNichtErlaubt', async (method) => {
    expectError(
      await call(DELETE, { method, body: method === 'GET' ? undefined : {} }),
      405,
      'MethodeNichtErlaubt',
    )
  })
})
