import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { mailOutbox } from '@/lib/db/schema'
import { enqueueMail } from '@/lib/engine/mail/enqueue-mail'

// A PostgreSQL connection ended under a request (a restart, a failover: the server ends each backend
// with 57P01) is the request's to survive where that is safe. pg_terminate_backend ends one backend
// the same way. PGlite runs in the process and has no backends to end: these run on PostgreSQL only.

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip
const run = randomUUID().slice(0, 8)
let db: Db

beforeAll(async () => {
  db = await getDb()
})

afterAll(async () => {
  await db.delete(mailOutbox).where(eq(mailOutbox.subject, `ended ${run}`))
  await closeDb()
})

function outboxMail(n: number) {
  return {
    tenantSlug: 'demo',
    template: 'test',
    from: 'Lumenta Freunde-Bonus <empfehlen@lumenta.example>',
    to: `ended-${run}-${n}@example.org`,
    subject: `ended ${run}`,
    html: `<p>${n}</p>`,
    text: `${n}`,
  }
}

async function mailsTo(n: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, `ended-${run}-${n}@example.org`))
}

/** Ends the backend of `tx` from another connection, as a restarting database would. */
async function endBackendOf(tx: Parameters<Parameters<Db['transaction']>[0]>[0]) {
  const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[]
  }
  await db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`)
}

onPostgres('a connection ended by the database', () => {
  it('runs a transaction cut during its work again, and its writes are there once', async () => {
    let runs = 0
    const answer = await db.transaction(async (tx) => {
      runs++
      await enqueueMail(tx, outboxMail(1))
      if (runs === 1) await endBackendOf(tx)
      await enqueueMail(tx, outboxMail(2))
      return 'done'
    })
    expect(answer).toBe('done')
    expect(runs).toBe(2)
    expect(await mailsTo(1)).toHaveLength(1)
    expect(await mailsTo(2)).toHaveLength(1)
  })

  it('does not run a transaction again for an error of its own work', async () => {
    let runs = 0
    await expect(
      db.transaction(async (tx) => {
        runs++
        await enqueueMail(tx, outboxMail(3))
        throw new Error('refused by the rules')
      }),
    ).rejects.toThrow('refused by the rules')
    expect(runs).toBe(1)
    expect(await mailsTo(3)).toHaveLength(0)
  })
})
