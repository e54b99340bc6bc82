import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { mailOutbox } from '@/lib/db/schema'
import { insertRows, rowsOf } from '@/lib/db/plain-statements'

export type NewMail = {
  tenantSlug: string
  template: string
  from: string
  to: string
  subject: string
  html: string
  text: string
}

/**
 * Writes a mail to the outbox. Pass the transaction of the change that causes the mail, so both
 * commit together: no mail for a change that was rolled back, no change without its mail.
 */
export async function enqueueMail(tx: Db, mail: NewMail): Promise<string> {
  const [written] = rowsOf(mailOutbox, await tx.execute(mailInsert(mail)), ['id'])
  return written!.id
}

/** The insert of a mail into the outbox (answering its id), to send in the change's transaction. */
export function mailInsert(mail: NewMail): SQL {
  const row = {
    tenantSlug: mail.tenantSlug,
    template: mail.template,
    fromAddress: mail.from,
    recipient: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  }
  return sql`${insertRows(mailOutbox, [row])} returning id`
}
