import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { Produkt } from '@/lib/contracts/catalog'
import { rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import { featureLines, rewardNote } from '@/lib/shared/catalog/tile-texts'
import { productName } from '@/lib/shared/catalog/product-name'
import { formatDate } from '@/lib/i18n/dates'

/**
 * A tile's button: recommend the product, pick a device for a tariff (the select target of a mobile
 * tariff page), or recommend the tariff alone, without a device (SIM only).
 */
export type TileLink = { href: string; kind: 'recommend' | 'select' | 'simOnly' }

/** A card stays well under one phone screen: at most this many feature lines. */
const MAX_FEATURES = 4

/**
 * One product of a category page, compact: picture, name, the reward figure, what it offers, prices,
 * a change of the reward once where the amount changes (SPEC §3 reward texts), and its buttons.
 * (Footnote texts come with the content service.)
 */
export function ProductTile({
  product,
  link,
  alt,
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
  /** A second, quieter button (a tariff without a device). */
  alt?: TileLink
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
  const { current } = rewardPeriods(product.Praemien, today)
  const note = showReward ? rewardNote(product.Praemien, today) : null
  const features = (
    product.Art === 'festnetz'
      ? featureLines(
          product.Beschreibung1,
          product.Beschreibung2,
          product.Beschreibung3,
          product.Beschreibung4,
        )
      : // The offer's text describes device and tariff together; the device's own text is the fallback.
        featureLines(product.TarifHandyBeschreibung || product.HandyBeschreibung)
  ).slice(0, MAX_FEATURES)
  const action = product.Art === 'festnetz' ? product.Aktionsname : product.Aktion === 1 ? t('action') : ''
  const headingId = `product-${product.Id}`
  return (
    <Tag className="card product-tile" aria-labelledby={headingId}>
      <div className="product-tile__head">
        {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG of the product API */}
        <img src={product.Photo} alt="" width={320} height={240} loading="lazy" />
        <div className="product-tile__title">
          <Heading id={headingId}>{name}</Heading>
          {showReward && current && (
            <p className="product-tile__badge">
              {banknotes && <Banknote />}
              {t('rewardBadge', { praemieWert: current.Wert })}
            </p>
          )}
          {action && <p className="product-tile__action">{action}</p>}
        </div>
      </div>
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
      {note && (
        <p className="product-tile__reward">
          {note.kind === 'change'
            ? t('rewardChange', {
                startdatum: date(note.next.Startdatum),
                praemieWert: note.next.Wert,
                bisher: note.current.Wert,
              })
            : note.kind === 'ends'
              ? t('rewardEnds', { enddatum: date(note.enddatum) })
              : t('rewardNext', { startdatum: date(note.next.Startdatum), praemieWert: note.next.Wert })}
        </p>
      )}
      {(link || alt) && (
        <div className="product-tile__actions">
          {link && <TileButton link={link} name={name} primary />}
          {alt && <TileButton link={alt} name={name} />}
        </div>
      )}
    </Tag>
  )
}

function TileButton({ link, name, primary = false }: { link: TileLink; name: string; primary?: boolean }) {
  const t = useTranslations('Catalog')
  const text = { recommend: t('recommend'), select: t('select'), simOnly: t('simOnly') }[link.kind]
  const label = {
    recommend: t('recommendLabel', { name }),
    select: t('selectLabel', { name }),
    simOnly: t('simOnlyLabel', { name }),
  }[link.kind]
  return (
    <Link className={primary ? 'button' : 'button button--secondary'} href={link.href} aria-label={label}>
      {text}
    </Link>
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
