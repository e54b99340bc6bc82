import 'server-only'
import { getDb } from '@/lib/db/client'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import { deliverDueMail } from './deliver-due-mail'
import { mailTransport } from './mail-transport'
import type { MailTransport } from './transports'

const KEY = Symbol.for('referral-portal.mail-worker')
type Holder = { [KEY]?: ReturnType<typeof setInterval> }

/**
 * Delivers the outbox every MAIL_WORKER_INTERVAL_SECONDS on every server (0 = off). Running on several
 * servers at once is safe: each mail is claimed by one of them.
 */
export function startMailWorker() {
  const holder = globalThis as Holder
  const seconds = env().MAIL_WORKER_INTERVAL_SECONDS
  if (holder[KEY] || seconds === 0) return
  let running = false
  // The transport (an SMTP connection pool) is made once, on the first run.
  let transport: MailTransport | undefined
  const tick = async () => {
    if (running) return
    running = true
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
    }
  }
  holder[KEY] = setInterval(() => void tick(), seconds * 1000)
  holder[KEY].unref()
  void tick()
}
