import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import de from '@/messages/de.json'
import { readMailbox } from '@/lib/portal/main-api/dev-tools'
import { devToolsEnabled } from '@/lib/shared/env'
import { TIME_ZONE } from '@/lib/i18n/config'
import { withQuery } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: de.Mailbox.title, robots: { index: false } }

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

const t = de.Mailbox
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.slice(0, 254)
const when = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
})

// The local mailbox (embedded mail default): every mail the portal sent, newest first. Only with the
// developer tools on (DEV_TOOLS=true); otherwise the page answers 404.
export default async function MailboxPage({ searchParams }: Props) {
  if (!devToolsEnabled()) notFound()
  const query = await searchParams
  const filter = { tenant: one(query.tenant), to: one(query.to) }
  const messages = await readMailbox(filter)
  if (!messages) notFound()
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <form className="button-row" method="get">
        <div className="field">
          <label htmlFor="mailbox-tenant">{t.filterTenant}</label>
          <input id="mailbox-tenant" name="tenant" defaultValue={filter.tenant ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="mailbox-to">{t.filterTo}</label>
          <input id="mailbox-to" name="to" type="email" defaultValue={filter.to ?? ''} />
        </div>
        <div className="field">
          <span aria-hidden="true">&nbsp;</span>
          <button className="button" type="submit">
            {t.filter}
          </button>
        </div>
      </form>
      {messages.length === 0 ? (
        <p role="status">{t.empty}</p>
      ) : (
        <table className="mailbox-table">
          <thead>
            <tr>
              <th scope="col">{t.deliveredAt}</th>
              <th scope="col">{t.filterTenant}</th>
              <th scope="col">{t.to}</th>
              <th scope="col">{t.subject}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.Id}>
                <td>{when.format(new Date(m.ZugestelltAm))}</td>
                <td>{m.Mandant}</td>
                <td>{m.An}</td>
                <td>
                  <Link href={withQuery(`/dev/mailbox/${m.Id}`, filter)}>{m.Betreff}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
