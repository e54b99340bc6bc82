import 'server-only'
import type { Db } from '@/lib/engine/db'
import { env } from '@/lib/shared/env'
import { localMailbox, smtpTransport, type MailTransport } from './transports'

/** SMTP when SMTP_URL is set; otherwise the embedded default, the local mailbox in the database. */
export async function mailTransport(db: Db): Promise<MailTransport> {
  const { SMTP_URL } = env()
  return SMTP_URL ? smtpTransport(SMTP_URL) : localMailbox(db)
}
