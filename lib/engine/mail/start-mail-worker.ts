import 'server-only'
import { getDb } from '@/lib/engine/db'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'
import { deliverDueMail } from './deliver-due-mail'
import { mailTransport } from './mail-transport'
import type { MailTransport } from './transports'

const KEY = Symbol.for('referral-portal.mail-worker')
const TICK = Symbol.for('referral-portal.mail-worker.tick')
const RUNNING = Symbol.for('referral-portal.mail-worker.running')
const KICK = Symbol.for('referral-portal.mail-worker.kick')
type Holder = {
  [KEY]?: ReturnType<typeof setInterval>
  [TICK]?: () => Promise<void>
  [RUNNING]?: Promise<void>
  [KICK]?: () => void
}

/**
 * How soon after a kick the worker runs. The kicks within it share one run, and under load a run that
 * was asked for during the one before waits as long: many recommendations a second take one run per
 * tenth of a second, each with a batch of their mails, instead of back-to-back runs of a few mails each.
 */
const KICK_DELAY_MS = 100

/**
 * Delivers soon after a change that wrote mail has committed, instead of waiting for the next
 * interval. Does nothing where no worker runs (the next run of any server's worker sends it).
 */
export function kickMailWorker() {
  ;(globalThis as Holder)[KICK]?.()
}

/**
 * Delivers the outbox every MAIL_WORKER_INTERVAL_SECONDS on every server (0 = off). Running on several
 * servers at once is safe: each mail is claimed by one of them.
 */
export function startMailWorker() {
  const holder = globalThis as Holder
  const seconds = env().MAIL_WORKER_INTERVAL_SECONDS
  if (holder[KEY] || seconds === 0) return
  let running = false
  // A kick during a run asks for one more run after it.
  let again = false
  // A run is on its way (KICK_DELAY_MS): further kicks join it.
  let kicked = false
  // The transport (an SMTP connection pool) is made once, on the first run.
  let transport: MailTransport | undefined
  const tick = async () => {
    // Stopped (stopMailWorker): a kick that was already on its way starts nothing.
    if (holder[TICK] !== tick) return
    if (running) {
      again = true
      return
    }
    running = true
    again = false
    let done = () => {}
    holder[RUNNING] = new Promise<void>((resolve) => (done = resolve))
    try {
      const db = await getDb()
      transport ??= await mailTransport(db)
      const report = await deliverDueMail(db, transport)
      if (report.sent || report.retried || report.failed) log.info('mail outbox delivered', report)
    } catch (error) {
      log.error('mail outbox: delivery run failed', {
        error: error instanceof Error ? error.message : String(error),
      })
    } finally {
      running = false
      delete holder[RUNNING]
      done()
      if (again) kick()
    }
  }
  const kick = () => {
    if (kicked) return
    kicked = true
    setTimeout(() => {
      kicked = false
      void tick()
    }, KICK_DELAY_MS).unref()
  }
  holder[TICK] = tick
  holder[KICK] = kick
  holder[KEY] = setInterval(() => void tick(), seconds * 1000)
  holder[KEY].unref()
  void tick()
}

/**
 * Starts no further run and waits for the one under way: a mail it claimed is sent and marked, not left
 * to wait out its claim on another server.
 */
export async function stopMailWorker(): Promise<void> {
  const holder = globalThis as Holder
  clearInterval(holder[KEY])
  delete holder[KEY]
  delete holder[TICK]
  delete holder[KICK]
  await holder[RUNNING]
}
