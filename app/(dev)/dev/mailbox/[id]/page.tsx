import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import de from '@/messages/de.json'
import { readMailbox } from '@/lib/portal/main-api/dev-tools'
import { devToolsEnabled } from '@/lib/shared/env'
import { withQuery } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: de.Mailbox.title, robots: { index: false } }

type Props = {
  params: Promise<{ id: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

const t = de.Mailbox
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.slice(0, 254)

// One mail of the local mailbox: its HTML in a sandboxed frame (no scripts, no same-origin) and its text.
export default async function MailboxMessagePage({ params, searchParams }: Props) {
  if (!devToolsEnabled()) notFound()
  const { id } = await params
  const query = await searchParams
  const filter = { tenant: one(query.tenant), to: one(query.to) }
  const message = (await readMailbox(filter))?.find((m) => m.Id === id)
  if (!message) notFound()
  return (
    <>
      <p>
        <Link href={withQuery('/dev/mailbox', filter)}>{t.back}</Link>
      </p>
      <h1>{message.Betreff}</h1>
      <dl className="data-list">
        <dt>{t.from}</dt>
        <dd>{message.Von}</dd>
        <dt>{t.to}</dt>
        <dd>{message.An}</dd>
      </dl>
      <h2>{t.html}</h2>
      <iframe
        className="mailbox-preview"
        title={t.preview}
        sandbox="allow-popups allow-top-navigation-by-user-activation"
        srcDoc={message.Html}
      />
      <h2>{t.text}</h2>
      <pre className="mailbox-text">{message.Text}</pre>
    </>
  )
}
