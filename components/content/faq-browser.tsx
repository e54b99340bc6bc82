'use client'

import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslations } from 'next-intl'

export type FaqItem = {
  Anker: string
  Kategorie: string
  Frage: string
  /** Sanitized on the server. */
  AntwortHtml: string
  /** The answer as plain text, for the search. */
  AntwortText: string
}

/** Lower case without accents, so "pramie" finds "Prämie" and "AUSZAHLUNG" finds "Auszahlung". */
function normalize(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
}

/**
 * The FAQ: questions grouped by category as an accordion, a search over questions and answers, and
 * deep links (/faq#<anchor>) that open their question; opening a question puts its anchor in the address.
 */
export function FaqBrowser({ items, contactHref }: { items: FaqItem[]; contactHref: string }) {
  const t = useTranslations('Faq')
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())

  // A deep link opens its question and brings it into view (also when the hash changes later).
  useEffect(() => {
    function openFromHash() {
      const anchor = decodeURIComponent(window.location.hash.slice(1))
      if (!anchor || !items.some((i) => i.Anker === anchor)) return
      setQuery('')
      setOpen((current) => new Set(current).add(anchor))
      requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView({ block: 'start' }))
    }
    openFromHash()
    window.addEventListener('hashchange', openFromHash)
    return () => window.removeEventListener('hashchange', openFromHash)
  }, [items])

  const words = useMemo(() => normalize(query).split(/\s+/).filter(Boolean), [query])
  const visible = useMemo(
    () =>
      items.filter((item) => {
        const text = normalize(`${item.Frage} ${item.AntwortText} ${item.Kategorie}`)
        return words.every((w) => text.includes(w))
      }),
    [items, words],
  )
  const categories = [...new Set(visible.map((i) => i.Kategorie))]

  function toggle(anchor: string, isOpen: boolean) {
    setOpen((current) => {
      const next = new Set(current)
      if (isOpen) next.add(anchor)
      else next.delete(anchor)
      return next
    })
    if (isOpen) window.history.replaceState(null, '', `#${anchor}`)
  }

  return (
    <div className="faq">
      <div className="faq__search" role="search">
        <label htmlFor={searchId}>{t('searchLabel')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
        />
        <p className="faq__count" aria-live="polite">
          {words.length > 0 ? t('found', { count: visible.length }) : ''}
        </p>
      </div>
      {visible.length === 0 ? (
        <p className="faq__empty">
          {t('nothingFound')} <a href={contactHref}>{t('contactLink')}</a>
        </p>
      ) : (
        categories.map((category) => (
          <section key={category} className="faq__category" aria-label={category}>
            <h2>{category}</h2>
            {visible
              .filter((item) => item.Kategorie === category)
              .map((item) => (
                <details
                  key={item.Anker}
                  id={item.Anker}
                  className="faq__item"
                  open={open.has(item.Anker)}
                  onToggle={(e) => {
                    const isOpen = (e.currentTarget as HTMLDetailsElement).open
                    if (isOpen !== open.has(item.Anker)) toggle(item.Anker, isOpen)
                  }}
                >
                  <summary>{item.Frage}</summary>
                  <div
                    className="rich-text faq__answer"
                    dangerouslySetInnerHTML={{ __html: item.AntwortHtml }}
                  />
                </details>
              ))}
          </section>
        ))
      )}
    </div>
  )
}
