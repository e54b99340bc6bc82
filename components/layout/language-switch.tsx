'use client'

import Link from 'next/link'
import { usePathname, useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import type { Locale } from '@/lib/i18n/config'
import { prefixOf, routePathOf, type PortalContext } from '@/lib/routes/href'

type Props = { ctx: PortalContext; languages: Locale[]; query?: string }

/**
 * Footer language switch: the same page, with the same query (a login's redirect target, widget), in
 * the other locale (the locale lives in the URL).
 */
export function LanguageSwitch({ ctx, languages, query = '' }: Props) {
  const t = useTranslations('Footer')
  const tl = useTranslations('Language')
  const current = useLocale()
  const pathname = usePathname() ?? '/'
  const routePath = routePathOf(ctx, pathname)
  return (
    <nav aria-labelledby="footer-language">
      <h2 id="footer-language">{t('language')}</h2>
      <ul>
        {languages.map((locale) => {
          const target = `${`${prefixOf(ctx, locale)}${routePath === '/' ? '' : routePath}` || '/'}${query ? `?${query}` : ''}`
          return (
            <li key={locale}>
              {locale === current ? (
                <span aria-current="true">
                  <span aria-hidden="true">{tl(locale)}</span>
                  <span className="visually-hidden">{t('languageCurrent', { language: tl(locale) })}</span>
                </span>
              ) : (
                <Link href={target} hrefLang={locale} lang={locale}>
                  {tl(locale)}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The switch with the current query; cached pages render it in the browser (useSearchParams). */
export function LanguageSwitchKeepingQuery(props: Omit<Props, 'query'>) {
  const query = useSearchParams().toString()
  return <LanguageSwitch {...props} query={query} />
}
