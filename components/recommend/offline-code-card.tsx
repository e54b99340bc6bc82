import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { ClientMessages } from '@/components/ui/client-messages'
import type { Locale } from '@/lib/i18n/config'
import { PrintCard } from './share-controls'

type Props = {
  /** The code as typed: ABCD-EFGH. */
  code: string
  /** Where the friend types it (the portal's /code page). */
  codeUrl: string
  /** The QR code of the personal link, as a data URL. */
  qrSrc: string
  programme: string
  locale: Locale
  /** A further link under the card (the share screen links to the steps of passing it on). */
  more?: { href: string; label: string }
}

/**
 * The offline recommendation code (ModuleErstelleOfflineEmpfehlungCode) with its printable
 * recommendation card: print styles show only the card, with the programme, the code and the QR code.
 */
export async function OfflineCodeCard({ code, codeUrl, qrSrc, programme, locale, more }: Props) {
  const t = await getTranslations('Share')
  return (
    <section className="card share-code print-card" aria-labelledby="share-code-title">
      <h3 id="share-code-title">{t('codeTitle')}</h3>
      <p className="share-code__code">{code}</p>
      <p>{t('codeText', { url: codeUrl })}</p>
      <div className="print-card__only">
        <p className="print-card__brand">{programme}</p>
        <p>{t('cardTitle')}</p>
        <p>{t('cardText', { url: codeUrl })}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- the QR code of the link, printed */}
        <img src={qrSrc} alt="" width={140} height={140} />
      </div>
      {more && (
        <p>
          <Link href={more.href}>{more.label}</Link>
        </p>
      )}
      <ClientMessages locale={locale} namespaces={['Share']}>
        <PrintCard />
      </ClientMessages>
    </section>
  )
}
