import 'server-only'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { mailboxMessages, mailOutbox } from '@/lib/db/schema'

/** A mail taken from the outbox for sending; `id` is stable across retries. */
export type OutgoingMail = {
  id: string
  tenantSlug: string
  from: string
  to: string
  subject: string
  html: string
  text: string
}

export type MailTransport = {
  name: string
  send: (mail: OutgoingMail) => Promise<void>
  /**
   * Sends a claimed batch at once, all or nothing, where the transport can (the local mailbox: one
   * statement instead of one per mail). Without it, or when it fails, each mail is sent on its own.
   */
  sendAll?: (mails: OutgoingMail[]) => Promise<void>
}

/**
 * The embedded default: mails land in the mailbox_messages table, keyed by the outbox id, so a retry
 * can never store a mail twice. A mail is stored only while its outbox row exists: deleting an account
 * deletes its mails from the outbox and the mailbox in one transaction, and a mail the worker claimed
 * just before must not arrive after that (the row lock waits for such a deletion to commit).
 */
export function localMailbox(db: Db): MailTransport {
  return {
    name: 'mailbox',
    async send(mail) {
      await db
        .insert(mailboxMessages)
        .select((qb) =>
          qb
            .select({
              id: sql<string>`${mail.id}::uuid`.as('id'),
              tenantSlug: sql<string>`${mail.tenantSlug}`.as('tenant_slug'),
              fromAddress: sql<string>`${mail.from}`.as('from_address'),
              recipient: sql<string>`${mail.to}`.as('recipient'),
              subject: sql<string>`${mail.subject}`.as('subject'),
              html: sql<string>`${mail.html}`.as('html'),
              text: sql<string>`${mail.text}`.as('text'),
              deliveredAt: sql<Date>`now()`.as('delivered_at'),
            })
            .from(mailOutbox)
            .where(eq(mailOutbox.id, mail.id))
            .for('key share'),
        )
        .onConflictDoNothing()
    },
    async sendAll(mails) {
      // The same as `send` for each, in one statement: the stored mail is the outbox row's.
      await db.execute(sql`
        insert into mailbox_messages (id, tenant_slug, from_address, recipient, subject, html, text, delivered_at)
        select id, tenant_slug, from_address, recipient, subject, html, text, now() from mail_outbox
          where id in ${mails.map((mail) => mail.id)}
          for key share
        on conflict do nothing`)
    },
  }
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). The outbox id is the Message-ID. */
export async function smtpTransport(
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<MailTransport> {
  const nodemailer = await import('nodemailer')
  const timeout = options.timeoutMs ?? 30_000
  const parsed = new URL(url)
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        messageId: `<${mail.id}@referral-portal>`,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      })
    },
  }
}
