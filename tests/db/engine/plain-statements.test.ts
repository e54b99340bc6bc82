import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { recommendations, referrers } from '@/lib/db/schema'
import { columnsOf, insertRows, rowsOf } from '@/lib/db/plain-statements'

// The busiest paths write and read rows through SQL templates instead of drizzle's builder: what they
// store and answer must be exactly what the builder stores and answers, on PGlite and PostgreSQL.

let db: Db
const run = randomUUID().slice(0, 8)
const dialect = new PgDialect()

beforeAll(async () => {
  db = await getDb()
})

afterAll(async () => {
  await db.delete(recommendations).where(eq(recommendations.nummer, `P${run}`))
  await db.delete(referrers).where(sql`email like ${`plain-${run}-%`}`)
  await closeDb()
})

function newReferrer(n: number) {
  return {
    tenantSlug: 'demo',
    email: `plain-${run}-${n}@example.org`,
    vorname: 'Paula',
    nachname: `Plain ${n}`,
    confirmedAt: new Date('2026-03-04T05:06:07.089Z'),
    createdAt: new Date('2026-03-01T00:00:00.000Z'),
  }
}

it('stores and answers a row as drizzle does: dates, JSON, defaults and nulls', async () => {
  const [referrer] = rowsOf(
    referrers,
    await db.execute(sql`${insertRows(referrers, [newReferrer(1)])} returning ${columnsOf(referrers)}`),
  )
  const [built] = await db.select().from(referrers).where(eq(referrers.id, referrer!.id))
  expect(referrer).toEqual(built)
  // Keys left out take the column's default; a date comes back as a Date.
  expect(referrer).toMatchObject({
    anrede: '',
    language: 'de',
    sessionVersion: 1,
    locked: false,
    passwordHash: null,
  })
  expect(referrer!.confirmedAt).toEqual(new Date('2026-03-04T05:06:07.089Z'))

  const values = {
    tenantSlug: 'demo',
    referrerId: referrer!.id,
    nummer: `P${run}`,
    hex: run,
    code: null,
    produktId: 7,
    produktName: 'Glasfaser 500',
    anteilEmpfehler: 50,
    praemieWertCent: 5000,
    praemieStartdatum: '2026-01-01',
    praemieEnddatum: null,
    channel: '',
    agentNumber: null,
    agencyId: null,
    empfaenger: { Vorname: 'Erika', Adresse: { Ort: 'Köln' }, Liste: [1, 'zwei'] },
    clientKey: null,
    createdAt: new Date('2026-03-05T10:00:00.000Z'),
    activatedAt: new Date('2026-03-05T10:00:00.001Z'),
    expiresAt: null,
  }
  const [plain] = rowsOf(
    recommendations,
    await db.execute(sql`${insertRows(recommendations, [values])} returning ${columnsOf(recommendations)}`),
  )
  const [read] = await db.select().from(recommendations).where(eq(recommendations.id, plain!.id))
  expect(plain).toEqual(read)
  expect(read).toMatchObject({ ...values, progress: 0 })
  const [selected] = rowsOf(
    recommendations,
    await db.execute(sql`select ${columnsOf(recommendations)} from recommendations where id = ${plain!.id}`),
  )
  expect(selected).toEqual(read)
})

it('writes several rows in one statement and decodes a partial list under the rows keys', async () => {
  const rows = [newReferrer(2), newReferrer(3)]
  const written = rowsOf(
    referrers,
    await db.execute(sql`${insertRows(referrers, rows)} returning id, email, confirmed_at`),
    ['id', 'email', 'confirmedAt'],
  )
  expect(written.map((r) => Object.keys(r).sort())).toEqual([
    ['confirmedAt', 'email', 'id'],
    ['confirmedAt', 'email', 'id'],
  ])
  expect(written.map((r) => r.email).sort()).toEqual(rows.map((r) => r.email).sort())
  expect(written[0]!.confirmedAt).toEqual(rows[0]!.confirmedAt)
})

it('makes the text of an insert once per set of keys and number of rows', () => {
  const text = (rows: Parameters<typeof insertRows<typeof referrers>>[1]) =>
    dialect.sqlToQuery(insertRows(referrers, rows))
  const one = text([newReferrer(4)])
  expect(one.sql).toBe(
    'insert into "referrers" ("tenant_slug", "email", "vorname", "nachname", "confirmed_at", "created_at") values ($1, $2, $3, $4, $5, $6)',
  )
  expect(one.params).toEqual([
    'demo',
    newReferrer(4).email,
    'Paula',
    'Plain 4',
    '2026-03-04T05:06:07.089Z',
    '2026-03-01T00:00:00.000Z',
  ])
  expect(text([newReferrer(5)]).sql).toBe(one.sql)
  expect(text([newReferrer(5), newReferrer(6)]).sql).toBe(
    `${one.sql.slice(0, -1)}), ($7, $8, $9, $10, $11, $12)`,
  )
  expect(text([{ ...newReferrer(7), confirmedAt: undefined }]).sql).toBe(
    'insert into "referrers" ("tenant_slug", "email", "vorname", "nachname", "created_at") values ($1, $2, $3, $4, $5)',
  )
})

it('refuses what it would write or read wrongly', () => {
  expect(() => insertRows(referrers, [])).toThrow('needs a row')
  const withoutName = { ...newReferrer(8), vorname: undefined } as unknown as ReturnType<typeof newReferrer>
  expect(() => insertRows(referrers, [newReferrer(8), withoutName])).toThrow('differ in their keys')
  expect(() =>
    insertRows(referrers, [{ ...newReferrer(9), nickname: 'x' } as ReturnType<typeof newReferrer>]),
  ).toThrow('"nickname" is not a column')
  expect(() => rowsOf(referrers, { rows: [{ id: 'x', nickname: 'y' }] })).toThrow('column "nickname"')
  // A row must have exactly the columns it is typed with.
  expect(() => rowsOf(referrers, { rows: [{ id: 'x', email: 'y' }] })).toThrow(
    'the row has the columns id, email',
  )
  expect(() => rowsOf(referrers, { rows: [{ id: 'x' }] }, ['id', 'email'])).toThrow('not id, email')
  expect(rowsOf(referrers, { rows: [{ id: 'x', email: 'y' }] }, ['id', 'email'])).toEqual([
    { id: 'x', email: 'y' },
  ])
})
