import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { Recommendation } from '@/lib/contracts/recommendation'
import { formatDate } from '@/lib/i18n/dates'
import { href, type PortalContext, type Query } from '@/lib/routes/href'
import { markedLink, NATIVE_SHARE_CHANNEL } from '@/lib/shared/share/share-links'
import { sheetText, shareWording } from '@/lib/shared/share/share-texts'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { ShareLink } from './share-controls'
import styles from './share.module.css'
import { PRODUCT_CHOICE } from '@/lib/routes/anchors'

type Props = {
  ctx: PortalContext
  recommendations: Recommendation[]
  settings: Pick<PublicTenantConfig['Settings'], 'Name' | 'MaxEmpfaengerPraemieCent'>
  referrer: { vorname: string; nachname: string }
  carried: Query
}

/** The newest recommendation that can still be shared (created and confirmed, not expired). */
export function newestShareable(recommendations: Recommendation[]): Recommendation | null {
  return recommendations
    .filter((r) => r.Status === 'Ok')
    .reduce<Recommendation | null>(
      (newest, r) => (!newest || r.ErstelltAm > newest.ErstelltAm ? r : newest),
      null,
    )
}

/**
 * The personal link always at hand at the top of the personal area: the newest shareable recommendation's
 * link with copy and the share sheet, and its full share screen; without one, the way to a first
 * recommendation.
 */
export function PersonalLinkCard({ ctx, recommendations, settings, referrer, carried }: Props) {
  const t = useTranslations('PersonalLink')
  const ts = useTranslations('Share.Messages')
  const format = useFormatter()
  const newest = newestShareable(recommendations)
  if (!newest) {
    return (
      <section className={styles.card} aria-labelledby="personal-link-title">
        <h2 id="personal-link-title" className={styles.cardTitle}>
          {t('title')}
        </h2>
        <p className={styles.cardText}>{t('emptyText')}</p>
        <Link
          className={`button ${styles.cardAction}`}
          href={href(ctx, 'Homepage', undefined, carried, PRODUCT_CHOICE)}
        >
          {t('recommendNow')}
        </Link>
      </section>
    )
  }
  const produkt = newest.Produkt.AnzeigeName
  const wording = shareWording(ts, {
    mandant: settings.Name,
    produkt,
    vorname: referrer.vorname,
    nachname: referrer.nachname,
    totalCents: newest.Praemie?.WertCent ?? 0,
    anteilEmpfehler: newest.AnteilEmpfehler,
    maxRecipientCents: settings.MaxEmpfaengerPraemieCent,
    locale: ctx.locale,
  })
  const sheetUrl = markedLink(newest.Link, NATIVE_SHARE_CHANNEL)
  const sheet = wording.texts(sheetUrl)
  return (
    <section className={styles.card} aria-labelledby="personal-link-title">
      <h2 id="personal-link-title" className={styles.cardTitle}>
        {t('title')}
      </h2>
      <p className={styles.cardText}>
        {newest.GueltigBis
          ? t('forProduct', { produkt, datum: formatDate(format, newest.GueltigBis) })
          : t('forProductOpen', { produkt })}
      </p>
      <ShareLink
        compact
        link={newest.Link}
        share={{ title: sheet.emailSubject, text: sheetText(sheet.short, sheetUrl), url: sheetUrl }}
      />
      <p className={styles.cardText}>
        <Link
          href={href(ctx, 'Confirmation', undefined, { ...carried, empfehlung: newest.Empfehlungsnummer })}
          aria-label={t('allOptionsLabel', { produkt })}
        >
          {t('allOptions')}
        </Link>
      </p>
    </section>
  )
}
