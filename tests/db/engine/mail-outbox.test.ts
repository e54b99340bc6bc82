import { randomUUID } from 'node:crypto'
import { desc, inArray } from 'drizzle-orm'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { mailboxMessages, mailOutbox } from '@/lib/db/schema'
import { backoffSeconds, deliverDueMail, MAX_ATTEMPTS } from '@/lib/engine/mail/deliver-due-mail'
import { enqueueMail, type NewMail } from '@/lib/engine/mail/enqueue-mail'
import { localMailbox, smtpTransport, type MailTransport } from '@/lib/engine/mail/transports'
import { listMailbox } from '@/lib/engine/dev/dev-tools'
import { startSmtp, stopSmtp } from '../support/smtp-sink'

// The outbox: mails commit with the change that causes them and are delivered exactly once, through
// an SMTP outage too. On a shared PostgreSQL other rows may exist: assertions are about this run's mails.

const run = randomUUID().slice(0, 8)
const mine: string[] = []
let db: Db

function mail(n: number): NewMail {
  return {
    tenantSlug: 'demo',
    template: 'test',
    from: 'Lumenta Freunde-Bonus <empfehlen@lumenta.example>',
    to: `outbox-${run}-${n}@example.org`,
    subject: `Test ${run} ${n}`,
    html: `<p>Hallo ${n}</p>`,
    text: `Hallo ${n}`,
  }
}

async function rowsOf(ids: string[]) {
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids))
}

/** Only this run's mails reach the transport under test; other due rows are left for later. */
function only(ids: string[], transport: MailTransport): MailTransport {
  return {
    name: transport.name,
    send: async (m) => {
      if (!ids.includes(m.id)) throw new Error('not part of this test')
      await transport.send(m)
    },
  }
}

beforeAll(async () => {
  db = await getDb()
})

afterAll(async () => {
  if (mine.length) {
    await db.delete(mailboxMessages).where(inArray(mailboxMessages.id, mine))
    await db.delete(mailOutbox).where(inArray(mailOutbox.id, mine))
  }
  await closeDb()
})

it('writes nothing when the transaction of the causing change rolls back', async () => {
  const to = mail(0).to
  await expect(
    db.transaction(async (tx) => {
      await enqueueMail(tx as unknown as Db, mail(0))
      throw new Error('the change failed')
    }),
  ).rejects.toThrow('the change failed')
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.recipient, [to]))
  expect(rows).toHaveLength(0)
})

it('delivers to the local mailbox once, however often the worker runs', async () => {
  const id = await enqueueMail(db, mail(1))
  mine.push(id)
  const transport = only([id], localMailbox(db))
  const first = await deliverDueMail(db, transport)
  expect(first.sent).toBeGreaterThanOrEqual(1)
  await deliverDueMail(db, transport)
  const [row] = await rowsOf([id])
  expect(row).toMatchObject({ status: 'sent', attempts: 0 })
  const inbox = await db
    .select()
    .from(mailboxMessages)
    .where(inArray(mailboxMessages.id, [id]))
  expect(inbox).toHaveLength(1)
  expect(inbox[0]).toMatchObject({ recipient: mail(1).to, subject: mail(1).subject, text: 'Hallo 1' })
})

it('survives an SMTP outage: retried with backoff, then every mail arrives exactly once', async () => {
  const smtp = await startSmtp()
  const port = smtp.port
  await stopSmtp(smtp.server) // the outage: nothing listens on the port
  const ids = [await enqueueMail(db, mail(2)), await enqueueMail(db, mail(3)), await enqueueMail(db, mail(4))]
  mine.push(...ids)
  const transport = only(ids, await smtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2000 }))

  let now = new Date(Date.now() + 1000)
  const down = await deliverDueMail(db, transport, { clock: () => now })
  expect(down.sent).toBe(0)
  for (const row of await rowsOf(ids)) {
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + backoffSeconds(1) * 1000)
    expect(row.lastError).toBeTruthy()
  }

  // Before the backoff has passed nothing is tried again.
  const early = await deliverDueMail(db, transport, { clock: () => new Date(now.getTime() + 1000) })
  expect(early.sent + early.retried).toBe(0)

  const back = await startSmtp(port)
  try {
    now = new Date(now.getTime() + backoffSeconds(1) * 1000 + 1000)
    await deliverDueMail(db, transport, { clock: () => now })
    await deliverDueMail(db, transport, { clock: () => new Date(now.getTime() + 3_600_000) })
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ status: 'sent', attempts: 1 })
    const ours = back.received.filter((r) => ids.some((id) => r.messageId === `<${id}@referral-portal>`))
    expect(ours).toHaveLength(3)
    expect(new Set(ours.map((r) => r.messageId)).size).toBe(3)
    expect(ours.map((r) => r.to).sort()).toEqual([mail(2).to, mail(3).to, mail(4).to].sort())
  } finally {
    await stopSmtp(back.server)
  }
})

it('gives a mail up after the last attempt', async () => {
  const id = await enqueueMail(db, mail(5))
  mine.push(id)
  const broken: MailTransport = { name: 'broken', send: async () => Promise.reject(new Error('refused')) }
  let now = new Date(Date.now() + 1000)
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await deliverDueMail(db, only([id], broken), { clock: () => now })
    now = new Date(now.getTime() + 3_600_000 + 1000)
  }
  const [row] = await rowsOf([id])
  expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'refused' })
})

it('hands each mail to one of several workers running at once', async () => {
  const ids = [await enqueueMail(db, mail(6)), await enqueueMail(db, mail(7)), await enqueueMail(db, mail(8))]
  mine.push(...ids)
  const sends: string[] = []
  const counting: MailTransport = { name: 'counting', send: async (m) => void sends.push(m.id) }
  const transport = only(ids, counting)
  await Promise.all([
    deliverDueMail(db, transport),
    deliverDueMail(db, transport),
    deliverDueMail(db, transport),
  ])
  // On a shared PostgreSQL the test server's own worker (local mailbox) may take some of them: every
  // mail is still sent exactly once, by one worker or the other.
  const ours = sends.filter((id) => ids.includes(id))
  expect(new Set(ours).size).toBe(ours.length)
  let byServer: string[] = []
  for (let waited = 0; waited < 30_000; waited += 250) {
    const rows = await rowsOf(ids)
    const stored = await db
      .select({ id: mailboxMessages.id })
      .from(mailboxMessages)
      .where(inArray(mailboxMessages.id, ids))
    byServer = stored.map((r) => r.id)
    if (rows.every((row) => row.status === 'sent')) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  for (const row of await rowsOf(ids)) expect(row.status).toBe('sent')
  expect(ours.filter((id) => byServer.includes(id))).toEqual([])
  expect([...ours, ...byServer].sort()).toEqual([...ids].sort())
})

it('sends the mails of a worker that died with them claimed once their lease has passed, once', async () => {
  const ids = [await enqueueMail(db, mail(9)), await enqueueMail(db, mail(10))]
  mine.push(...ids)
  const t0 = Date.now() + 1000
  // The first worker claims both and never comes back from its first send (the server was killed).
  const dying: MailTransport = { name: 'dying', send: () => new Promise<void>(() => undefined) }
  void deliverDueMail(db, only(ids, dying), { clock: () => new Date(t0) })
  for (let waited = 0; waited < 5_000; waited += 50) {
    if ((await rowsOf(ids)).every((row) => row.status === 'sending')) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect((await rowsOf(ids)).map((row) => row.status)).toEqual(['sending', 'sending'])

  const sends: string[] = []
  const counting = only(ids, { name: 'counting', send: async (m) => void sends.push(m.id) })
  await deliverDueMail(db, counting, { clock: () => new Date(t0 + 60_000) })
  expect(sends).toEqual([])
  await deliverDueMail(db, counting, { clock: () => new Date(t0 + 121_000) })
  expect(sends.sort()).toEqual([...ids].sort())
  for (const row of await rowsOf(ids)) expect(row.status).toBe('sent')
})

it('leaves a mail to the worker that took over its lease while the first was busy', async () => {
  const ids = [await enqueueMail(db, mail(11)), await enqueueMail(db, mail(12))]
  mine.push(...ids)
  const t0 = Date.now() + 1000
  const later = t0 + 130_000
  let slowNow = t0
  const sends: [string, string][] = []
  const taking = only(ids, { name: 'taking', send: async (m) => void sends.push(['taking', m.id]) })
  let first = true
  // The first send of the slow worker takes past the lease: meanwhile another worker takes both up.
  const slow = only(ids, {
    name: 'slow',
    send: async (m) => {
      sends.push(['slow', m.id])
      if (!first) return
      first = false
      slowNow = later
      await deliverDueMail(db, taking, { clock: () => new Date(later) })
    },
  })
  await deliverDueMail(db, slow, { clock: () => new Date(slowNow) })
  const [firstId] = sends[0]!.slice(1)
  const second = ids.find((id) => id !== firstId)!
  // The mail in the slow send went out twice (it was in flight); the other one only once, by the other.
  expect(sends.filter(([, id]) => id === second)).toEqual([['taking', second]])
  for (const row of await rowsOf(ids)) expect(row.status).toBe('sent')
})

it('notes a sent mail once the database is back when it failed the notes (a restart), and does not send it again', async () => {
  const id = await enqueueMail(db, mail(13))
  mine.push(id)
  const sends: string[] = []
  const counting = only([id], { name: 'counting', send: async (m) => void sends.push(m.id) })
  // The first two notes of a send fail as under a database restart (the second on an idle connection
  // the restart had ended too); everything else reaches the database.
  let failures = 2
  const restarting = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'update' || failures === 0) return Reflect.get(target, property, receiver)
      failures--
      return () => ({
        set: () => ({ where: () => Promise.reject(new Error('Connection terminated unexpectedly')) }),
      })
    },
  })
  const t0 = Date.now() + 1000
  const report = await deliverDueMail(restarting, counting, { clock: () => new Date(t0) })
  expect(report).toMatchObject({ sent: 1, retried: 0 })
  expect((await rowsOf([id]))[0]).toMatchObject({ status: 'sent', attempts: 0 })
  await deliverDueMail(db, counting, { clock: () => new Date(t0 + 3_600_000) })
  expect(sends).toEqual([id])
})

it('delivers a claimed batch to the local mailbox in one go, each mail once', async () => {
  const ids = [
    await enqueueMail(db, mail(14)),
    await enqueueMail(db, mail(15)),
    await enqueueMail(db, mail(16)),
  ]
  mine.push(...ids)
  const transport = localMailbox(db)
  const sendOne = jest.spyOn(transport, 'send')
  // One run takes them, with whatever else is due (delivered as the server's own worker would).
  const report = await deliverDueMail(db, transport, {
    clock: () => new Date(Date.now() + 1000),
    batchSize: 1000,
  })
  expect(report.sent).toBeGreaterThanOrEqual(3)
  expect(report).toMatchObject({ retried: 0, failed: 0 })
  expect(sendOne).not.toHaveBeenCalled()
  for (const row of await rowsOf(ids))
    expect(row).toMatchObject({ status: 'sent', attempts: 0, lockedUntil: null })
  const stored = await db.select().from(mailboxMessages).where(inArray(mailboxMessages.id, ids))
  expect(stored.map((m) => m.subject).sort()).toEqual(
    [mail(14), mail(15), mail(16)].map((m) => m.subject).sort(),
  )
  expect(stored.find((m) => m.id === ids[0])).toMatchObject({
    recipient: mail(14).to,
    html: '<p>Hallo 14</p>',
  })
  await deliverDueMail(db, transport, { clock: () => new Date(Date.now() + 3_600_000) })
  expect(await db.select().from(mailboxMessages).where(inArray(mailboxMessages.id, ids))).toHaveLength(3)
})

it('sends each mail on its own when the batch could not go at once', async () => {
  const ids = [await enqueueMail(db, mail(17)), await enqueueMail(db, mail(18))]
  mine.push(...ids)
  const sends: string[] = []
  const transport: MailTransport = {
    ...only(ids, { name: 'counting', send: async (m) => void sends.push(m.id) }),
    sendAll: async () => Promise.reject(new Error('the batch failed')),
  }
  const report = await deliverDueMail(db, transport, {
    clock: () => new Date(Date.now() + 1000),
    batchSize: 1000,
  })
  expect(report.sent).toBe(2)
  expect(sends.sort()).toEqual([...ids].sort())
  for (const row of await rowsOf(ids)) expect(row).toMatchObject({ status: 'sent', attempts: 0 })
})

it('stores the mails of a batch in the order they were written, the newest listed first', async () => {
  const ids: string[] = []
  for (const n of [19, 20, 21]) {
    // One transaction each, as three requests write them.
    ids.push(await db.transaction((tx) => enqueueMail(tx as unknown as Db, { ...mail(n), to: mail(19).to })))
  }
  mine.push(...ids)
  await deliverDueMail(db, localMailbox(db), { clock: () => new Date(Date.now() + 1000), batchSize: 1000 })
  const stored = await db
    .select({ id: mailboxMessages.id })
    .from(mailboxMessages)
    .where(inArray(mailboxMessages.id, ids))
    .orderBy(desc(mailboxMessages.deliveredAt))
  expect(stored.map((m) => m.id)).toEqual([...ids].reverse())
})

it('lists the mailbox newest first across deliveries within one tick of the clock', async () => {
  const to = mail(22).to
  const ids: string[] = []
  for (const n of [22, 23, 24]) {
    ids.push(await enqueueMail(db, { ...mail(n), to }))
    mine.push(ids.at(-1)!)
    // Each mail in a delivery of its own, as a worker sends them one tick after another.
    await deliverDueMail(db, localMailbox(db), { clock: () => new Date(Date.now() + 1000), batchSize: 1000 })
  }
  const listed = await listMailbox({ to, limit: 10 })
  expect(listed.map((m) => m.Id)).toEqual([...ids].reverse())
})
