'use client'

import { useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import type { Produkt } from '@/lib/contracts/catalog'
import { ProductTile, type TileLink } from './product-tile'

const noSubscription = () => () => undefined

type Props = {
  products: Produkt[]
  links: Record<number, TileLink>
  today: string
  /** Footnote identifier → its number on the page. */
  footnotes: Record<string, number>
  /** Display.Banknotes */
  banknotes: boolean
}

/**
 * Device offers with filters by tariff and maker (SPEC §2.3 mobile pages; the maker list comes from
 * the offers). A tariff page's select button opens this page with ?tarifId=, which preselects the
 * tariff; filtering happens in the browser, so the page itself stays cached.
 */
export function DeviceDeck({ products, links, today, footnotes, banknotes }: Props) {
  const t = useTranslations('Catalog')
  const offers = useMemo(() => products.filter((p) => p.Art === 'mobil'), [products])
  const tariffs = useMemo(() => {
    const byId = new Map<number, string>()
    for (const p of offers) if (p.Art === 'mobil') byId.set(p.TarifId, p.TarifAnzeigeName)
    return [...byId.entries()].sort((a, b) => a[0] - b[0])
  }, [offers])
  const makers = useMemo(
    () => [...new Set(offers.map((p) => (p.Art === 'mobil' ? p.Hersteller : '')).filter(Boolean))].sort(),
    [offers],
  )
  // The query is read in the browser only (the server renders every offer), so the page stays cached.
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  )
  const fromLink = new URLSearchParams(search).get('tarifId') ?? ''
  const [chosenTariff, setTariff] = useState<string | null>(null)
  const tariff = chosenTariff ?? (tariffs.some(([id]) => String(id) === fromLink) ? fromLink : '')
  const [maker, setMaker] = useState('')
  const shown = offers.filter(
    (p) =>
      p.Art === 'mobil' && (!tariff || String(p.TarifId) === tariff) && (!maker || p.Hersteller === maker),
  )
  return (
    <>
      <form className="filter-bar" aria-label={t('filterTitle')} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-tariff">{t('tariff')}</label>
          <select id="filter-tariff" value={tariff} onChange={(e) => setTariff(e.target.value)}>
            <option value="">{t('all')}</option>
            {tariffs.map(([id, name]) => (
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
            className="button button--link"
            onClick={() => {
              setTariff('')
              setMaker('')
            }}
          >
            {t('reset')}
          </button>
        )}
      </form>
      <p role="status">{t('resultCount', { count: shown.length })}</p>
      <ul className="card-deck product-deck">
        {shown.map((product) => (
          <ProductTile
            key={product.Id}
            product={product}
            link={links[product.Id]!}
            today={today}
            footnote={product.Fussnote ? footnotes[product.Fussnote] : undefined}
            banknotes={banknotes}
          />
        ))}
      </ul>
    </>
  )
}
