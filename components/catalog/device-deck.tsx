'use client'

import { useMemo, useState, useSyncExternalStore } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { Produkt } from '@/lib/contracts/catalog'
import { ProductTile, type TileLink } from './product-tile'

const noSubscription = () => () => undefined

/** A tariff whose select button leads to this page: its name, its page (the way back), SIM only. */
export type TariffChoice = {
  name: string
  backHref: string
  backLabel: string
  simOnlyHref: string
}

type Props = {
  products: Produkt[]
  links: Record<number, { link: TileLink; alt?: TileLink }>
  /** The tariffs of the tariff pages that lead here, by TarifId. */
  tariffChoices: Record<number, TariffChoice>
  today: string
  /** Footnote identifier → its number on the page. */
  footnotes: Record<string, number>
  /** Display.Banknotes */
  banknotes: boolean
}

/**
 * Device offers with filters by tariff and maker (SPEC §2.3 mobile pages, §7.7 filter by TarifId; the
 * maker list comes from the offers). A tariff page's select button opens this page with ?tarifId=,
 * which preselects the tariff and says so: the chosen tariff, how many offers it has, the way back to
 * the tariffs and the tariff without a device. Filtering happens in the browser, so the page stays cached.
 */
export function DeviceDeck({ products, links, tariffChoices, today, footnotes, banknotes }: Props) {
  const t = useTranslations('Catalog')
  const offers = useMemo(() => products.filter((p) => p.Art === 'mobil'), [products])
  // The query is read in the browser only (the server renders every offer), so the page stays cached.
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  )
  const fromLink = new URLSearchParams(search).get('tarifId') ?? ''
  const linked = /^\d{1,9}$/.test(fromLink) ? tariffChoices[Number(fromLink)] : undefined
  const tariffs = useMemo(() => {
    const byId = new Map<number, string>()
    for (const p of offers) if (p.Art === 'mobil') byId.set(p.TarifId, p.TarifAnzeigeName)
    return byId
  }, [offers])
  const options = [...tariffs.entries()]
  if (linked && !tariffs.has(Number(fromLink))) options.push([Number(fromLink), linked.name])
  options.sort((a, b) => a[0] - b[0])
  const [chosenTariff, setTariff] = useState<string | null>(null)
  const tariff = chosenTariff ?? (options.some(([id]) => String(id) === fromLink) ? fromLink : '')
  const [maker, setMaker] = useState('')
  const shown = offers.filter(
    (p) =>
      p.Art === 'mobil' && (!tariff || String(p.TarifId) === tariff) && (!maker || p.Hersteller === maker),
  )
  const makers = [
    ...new Set(offers.map((p) => (p.Art === 'mobil' ? p.Hersteller : '')).filter(Boolean)),
  ].sort()
  const choice = tariff ? tariffChoices[Number(tariff)] : undefined
  const tariffName = tariff ? (choice?.name ?? tariffs.get(Number(tariff)) ?? '') : ''
  return (
    <>
      {choice && (
        <div className="tariff-choice">
          <p className="tariff-choice__name">{t('chosenTariff', { tarif: tariffName })}</p>
          <p className="tariff-choice__links">
            <Link href={choice.backHref}>{t('otherTariff', { seite: choice.backLabel })}</Link>
            <Link href={choice.simOnlyHref}>{t('simOnlyLabel', { name: tariffName })}</Link>
          </p>
        </div>
      )}
      <form className="filter-bar" aria-label={t('filterTitle')} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-tariff">{t('tariff')}</label>
          <select id="filter-tariff" value={tariff} onChange={(e) => setTariff(e.target.value)}>
            <option value="">{t('all')}</option>
            {options.map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {makers.length > 1 && (
          <div className="field">
            <label htmlFor="filter-maker">{t('maker')}</label>
            <select id="filter-maker" value={maker} onChange={(e) => setMaker(e.target.value)}>
              <option value="">{t('all')}</option>
              {makers.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        )}
        {(tariff || maker) && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setTariff('')
              setMaker('')
            }}
          >
            {t('reset')}
          </button>
        )}
      </form>
      <p role="status" className="filter-state">
        {tariff
          ? t('resultCountTariff', { count: shown.length, tarif: tariffName })
          : t('resultCount', { count: shown.length })}
      </p>
      <ul className="card-deck product-deck">
        {shown.map((product) => (
          <ProductTile
            key={product.Id}
            product={product}
            {...links[product.Id]!}
            today={today}
            footnote={product.Fussnote ? footnotes[product.Fussnote] : undefined}
            banknotes={banknotes}
          />
        ))}
      </ul>
    </>
  )
}
