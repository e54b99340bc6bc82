import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'

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
  // The mail stored is the outbox row's, the one the worker claimed. The mailbox lists the newest first:
  // the mails of a batch arrive in the order they were written (seq), a microsecond apart.
  const sendAll = async (mails: OutgoingMail[]) => {
    await db.execute(sql`
      with batch as materialized (
        select id, tenant_slug, from_address, recipient, subject, html, text, seq from mail_outbox
          where id in ${mails.map((mail) => mail.id)}
          for key share)
      insert into mailbox_messages (id, tenant_slug, from_address, recipient, subject, html, text, delivered_at)
      select id, tenant_slug, from_address, recipient, subject, html, text,
          now() + (row_number() over (order by seq)) * interval '1 microsecond'
        from batch
        order by seq
      on conflict do nothing`)
  }
  return { name: 'mailbox', send: (mail) => sendAll([mail]), sendAll }
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
