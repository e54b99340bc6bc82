import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { Produkt } from '@/lib/contracts/catalog'
import { rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import { productName } from '@/lib/shared/catalog/product-name'
import { formatDate } from '@/lib/i18n/dates'

export type TileLink = { href: string; kind: 'recommend' | 'select' }

/** Texts of the product API may carry simple HTML (SPEC §3 Beschreibung1–4): shown as plain text. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * One product of a category page: picture, name, what it offers, prices, the reward in force with the
 * next period (SPEC §3 reward texts) and its button. (Footnote texts come with the content service.)
 */
export function ProductTile({
  product,
  link,
  today,
  as: Tag = 'li',
  headingLevel = 3,
  footnote,
  showReward = true,
  banknotes = false,
}: {
  product: Produkt
  /** The tile's button; none where the tile summarises the product of the page (recommend screen). */
  link?: TileLink
  today: string
  as?: 'li' | 'section'
  headingLevel?: 2 | 3
  /** The number of the product's footnote on this page (FootnoteList below the tiles). */
  footnote?: number
  /** The referrer's reward texts; off where the page names another reward (the friend's landing). */
  showReward?: boolean
  /** Display.Banknotes: the reward badge carries a banknote. */
  banknotes?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const t = useTranslations('Catalog')
  const format = useFormatter()
  const name = productName(product)
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'EUR' })
  const date = (iso: string) => formatDate(format, iso)
  const { current, next } = rewardPeriods(product.Praemien, today)
  const lines =
    product.Art === 'festnetz'
      ? [product.Beschreibung1, product.Beschreibung2, product.Beschreibung3, product.Beschreibung4]
      : // The offer's text describes device and tariff together; the device's own text is the fallback.
        [product.TarifHandyBeschreibung || product.HandyBeschreibung]
  const features = lines.map(plain).filter(Boolean)
  const action = product.Art === 'festnetz' ? product.Aktionsname : product.Aktion === 1 ? t('action') : ''
  const headingId = `product-${product.Id}`
  return (
    <Tag className="card product-tile" aria-labelledby={headingId}>
      {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG of the product API */}
      <img src={product.Photo} alt="" width={320} height={240} loading="lazy" />
      {showReward && current && (
        <p className="product-tile__badge">
          {banknotes && <Banknote />}
          {t('rewardBadge', { praemieWert: current.Wert })}
        </p>
      )}
      <Heading id={headingId}>{name}</Heading>
      {action && <p className="product-tile__action">{action}</p>}
      {features.length > 0 && (
        <ul className="product-tile__features">
          {features.map((feature, i) => (
            <li key={i}>{feature}</li>
          ))}
        </ul>
      )}
      <p className="product-tile__price">
        {product.Art === 'festnetz' ? (
          <>
            <strong>{t('priceMonthly', { preis: money(product.PreisMonatlich) })}</strong>
            {product.PreisEinmalig > 0 && (
              <span> · {t('priceOnce', { preis: money(product.PreisEinmalig) })}</span>
            )}
          </>
        ) : (
          <>
            <strong>{t('priceMonthly', { preis: money(product.PreisTarif) })}</strong>
            {product.HandyId !== null && (
              <span> · {t('devicePrice', { preis: money(product.Aktionspreis ?? product.PreisHandy) })}</span>
            )}
          </>
        )}
        {footnote !== undefined && product.Fussnote && (
          <sup className="footnote-ref">
            <a href={`#fussnote-${product.Fussnote}`} aria-label={t('footnoteRef', { number: footnote })}>
              {footnote}
            </a>
          </sup>
        )}
      </p>
      {showReward && current && (
        <p className="product-tile__reward">
          {(current.EnddatumAnzeige ?? current.Enddatum)
            ? t('rewardCurrent', {
                abschlussname: name,
                enddatum: date((current.EnddatumAnzeige ?? current.Enddatum)!),
                praemieWert: current.Wert,
              })
            : t('rewardOpen', { abschlussname: name, praemieWert: current.Wert })}
          {next && <> {t('rewardNext', { startdatum: date(next.Startdatum), praemieWert: next.Wert })}</>}
        </p>
      )}
      {link && (
        <Link
          className={link.kind === 'recommend' ? 'button' : 'button button--secondary'}
          href={link.href}
          aria-label={link.kind === 'recommend' ? t('recommendLabel', { name }) : t('selectLabel', { name })}
        >
          {link.kind === 'recommend' ? t('recommend') : t('select')}
        </Link>
      )}
    </Tag>
  )
}

/** A banknote pictogram before the reward (Display.Banknotes); the badge's text says the amount. */
function Banknote() {
  return (
    <svg
      className="product-tile__banknote"
      data-banknote=""
      viewBox="0 0 24 16"
      width="20"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="22" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="8" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M5 5v6M19 5v6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  )
}
