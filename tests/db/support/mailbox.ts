import { randomUUID } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { mailboxSchema, type MailboxMessage } from '@/lib/contracts/dev'
import { BASE_URL } from './test-server'

/**
 * The test server's local mailbox (GET /api/dev/mailbox, development and tests only). The server
 * delivers its outbox every second (MAIL_WORKER_INTERVAL_SECONDS=1 in global-setup.ts) and right after
 * a change that wrote mail, so a mail arrives within a second or two; the helpers poll generously.
 */

export type Mail = MailboxMessage

const POLL_MS = 250
const WAIT_MS = 15_000

/** A unique address per call: the database may be shared (DATABASE_URL), so nothing may collide. */
export function uniqueTestEmail(label: string): string {
  return `jest-${label}-${randomUUID()}@example.org`
}

/** Every mail to the address in the tenant's mailbox, newest first. */
export async function mailsTo(tenant: string, to: string): Promise<Mail[]> {
  const query = new URLSearchParams({ tenant, to, limit: '200' })
  const response = await fetch(`${BASE_URL}/api/dev/mailbox?${query}`, {
    headers: { Accept: 'application/json' },
  })
  if (response.status !== 200) throw new Error(`GET /api/dev/mailbox answered ${response.status}`)
  return mailboxSchema.parse(await response.json()).Nachrichten
}

export type MailFilter = {
  /** Only mails whose subject matches. */
  subject?: RegExp
  /** Only mails delivered later than this moment (the server and the tests share one clock). */
  after?: string | Date
  /** Only mails other than these (ids of mails seen before the action under test). */
  except?: readonly string[]
}

function matches(mail: Mail, filter: MailFilter): boolean {
  if (filter.subject && !filter.subject.test(mail.Betreff)) return false
  if (filter.after !== undefined && Date.parse(mail.ZugestelltAm) <= new Date(filter.after).getTime())
    return false
  if (filter.except?.includes(mail.Id)) return false
  return true
}

/** The newest mail to the address that matches, polling for up to 15 s; fails the test without one. */
export async function waitForMail(tenant: string, to: string, filter: MailFilter = {}): Promise<Mail> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const found = (await mailsTo(tenant, to)).find((mail) => matches(mail, filter))
    if (found) return found
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to} on ${tenant} matching ${filter.subject ?? 'any subject'} after ${WAIT_MS / 1000} s`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Every absolute link of a mail (its text part and the hrefs of its HTML part). */
export function linksOf(mail: Mail): URL[] {
  const raw = [
    ...Array.from(mail.Text.matchAll(/https?:\/\/[^\s<>"')\]]+/g), (m) => m[0]),
    ...Array.from(mail.Html.matchAll(/href="([^"]+)"/g), (m) => m[1]!),
  ].map((href) => href.replace(/&amp;/g, '&'))
  return raw.flatMap((href) => {
    try {
      return [new URL(href)]
    } catch {
      return []
    }
  })
}

/**
 * The `token` query parameter of the mail's link whose path is `pathPrefix` (e.g. "/demo/registrieren")
 * or starts with it followed by "/"; fails when the mail has no such link or its links disagree.
 */
export function linkFrom(mail: Mail, pathPrefix: string): string {
  const tokens = new Set(
    linksOf(mail)
      .filter((url) => url.pathname === pathPrefix || url.pathname.startsWith(`${pathPrefix}/`))
      .map((url) => url.searchParams.get('token'))
      .filter((token): token is string => Boolean(token)),
  )
  if (tokens.size !== 1) {
    throw new Error(
      `Expected one token link ${pathPrefix} in "${mail.Betreff}", found ${tokens.size}: ${linksOf(mail)
        .map((u) => u.pathname)
        .join(', ')}`,
    )
  }
  return [...tokens][0]!
}

/**
 * On PostgreSQL, which other runs share, deletes a test file's mails written since `since`, queued and
 * delivered, that `mine` picks by recipient and text. The suite's PGlite database is new on every run.
 */
export async function deleteMailsOnPostgres(
  since: Date,
  mine: (mail: { recipient: PgColumn; text: PgColumn }) => SQL | undefined,
): Promise<void> {
  if (!process.env.DATABASE_URL) return
  const { getDb } = await import('@/lib/engine/db')
  const { mailboxMessages, mailOutbox } = await import('@/lib/db/schema')
  const { and, gte } = await import('drizzle-orm')
  const db = await getDb()
  await db.delete(mailOutbox).where(and(gte(mailOutbox.createdAt, since), mine(mailOutbox)))
  await db.delete(mailboxMessages).where(and(gte(mailboxMessages.deliveredAt, since), mine(mailboxMessages)))
}
