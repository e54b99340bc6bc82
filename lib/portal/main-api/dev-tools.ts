import 'server-only'
import { mailboxSchema, type MailboxMessage } from '@/lib/contracts/dev'
import { mainApiBase } from './client'

/**
 * The local mailbox of the embedded mail transport (GET /api/dev/mailbox beside the main API), for the
 * mailbox page. Answers null where the server offers no mailbox (production, or an external main API
 * without one).
 */
export async function readMailbox(filter: {
  tenant?: string
  to?: string
}): Promise<MailboxMessage[] | null> {
  const url = new URL(`${mainApiBase().replace(/\/v1$/, '')}/dev/mailbox`)
  if (filter.tenant) url.searchParams.set('tenant', filter.tenant)
  if (filter.to) url.searchParams.set('to', filter.to)
  url.searchParams.set('limit', '200')
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(30_000) }).catch(
    () => null,
  )
  if (!response?.ok) return null
  const parsed = mailboxSchema.safeParse(await response.json().catch(() => null))
  return parsed.success ? parsed.data.Nachrichten : null
}
