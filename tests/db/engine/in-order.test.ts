import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { referrerConsents, referrers } from '@/lib/db/schema'
import { columnsOf, insertRows, rowsOf } from '@/lib/db/plain-statements'
import { inOrder } from '@/lib/db/in-order'

// A transaction's statements sent together (the recommendation's path): answered in order, run in
// order under the locks taken before them, and all undone when one fails; on PGlite and PostgreSQL.

let db: Db
let referrerId: string
const run = randomUUID().slice(0, 8)

beforeAll(async () => {
  db = await getDb()
  const [referrer] = rowsOf(
    referrers,
    await db.execute(
      sql`${insertRows(referrers, [
        {
          tenantSlug: 'demo',
          email: `in-order-${run}@example.org`,
          vorname: 'Olga',
          nachname: 'Order',
          createdAt: new Date(),
        },
      ])} returning ${columnsOf(referrers)}`,
    ),
  )
  referrerId = referrer!.id
})

afterAll(async () => {
  await db.delete(referrers).where(eq(referrers.id, referrerId))
  await closeDb()
})

const consent = (kind: string) =>
  insertRows(referrerConsents, [
    { referrerId, kind, action: 'accepted', textVersion: 'v1', text: 'Ja.', createdAt: new Date() },
  ])

const kindsStored = async () =>
  (await db.select().from(referrerConsents).where(eq(referrerConsents.referrerId, referrerId)))
    .map((row) => row.kind)
    .sort()

afterEach(async () => {
  await db.delete(referrerConsents).where(eq(referrerConsents.referrerId, referrerId))
})

it("answers each statement's result in the order given, and null for a statement left out", async () => {
  const answers = await db.transaction((tx) =>
    inOrder(tx, [sql`select 1 as n`, null, sql`select 2 as n union all select 3`]),
  )
  expect(answers.map((answer) => answer?.rows.map((row) => row.n))).toEqual([[1], undefined, [2, 3]])
})

it('runs the statements after a lock under it: the second transaction reads what the first wrote', async () => {
  // Each: lock the referrer, count its consents, write one. Were the count run before the lock, or
  // with the snapshot of the lock's statement, both would count none.
  const counted = await Promise.all(
    ['first', 'second'].map((kind) =>
      db.transaction(async (tx) => {
        const [, count] = await inOrder(tx, [
          sql`select id from referrers where id = ${referrerId} for update`,
          sql`select count(*)::int as n from referrer_consents where referrer_id = ${referrerId}`,
          consent(kind),
        ])
        // Held a moment, so the other transaction asks for the lock meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 50))
        return count.rows[0]!.n
      }),
    ),
  )
  expect(counted.sort()).toEqual([0, 1])
  expect(await kindsStored()).toEqual(['first', 'second'])
})

it('fails with the first failed statement and keeps nothing of the transaction', async () => {
  const failed = db.transaction((tx) => inOrder(tx, [consent('before'), sql`select 1 / 0`, consent('after')]))
  await expect(failed).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) })
  expect(await kindsStored()).toEqual([])
  // The connection is usable again.
  await db.transaction((tx) => inOrder(tx, [consent('later')]))
  expect(await kindsStored()).toEqual(['later'])
})
