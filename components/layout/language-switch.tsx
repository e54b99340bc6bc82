'use client'

import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import type { Locale } from '@/lib/i18n/config'
import { pathHref, routePathOf, type PortalContext } from '@/lib/routes/href'

type Props = { ctx: PortalContext; languages: Locale[] }

/**
 * Footer language switch: the same page, with the same query (a login's redirect target, widget), in
 * the other locale (the locale lives in the URL). Cached pages are the same for every query, so the
 * query is added when the link is followed.
 */
export function LanguageSwitch({ ctx, languages }: Props) {
  const router = useRouter()
  const t = useTranslations('LanguageSwitch')
  const tl = useTranslations('Language')
  const current = useLocale()
  const pathname = usePathname() ?? '/'
  const routePath = routePathOf(ctx, pathname)
  return (
    <nav aria-labelledby="footer-language">
      <h2 id="footer-language">{t('language')}</h2>
      <ul>
        {languages.map((locale) => {
          const target = pathHref({ ...ctx, locale }, routePath)
          return (
            <li key={locale}>
              {locale === current ? (
                <span aria-current="true">
                  <span aria-hidden="true">{tl(locale)}</span>
                  <span className="visually-hidden">{t('languageCurrent', { language: tl(locale) })}</span>
                </span>
              ) : (
                <Link
                  href={target}
                  hrefLang={locale}
                  lang={locale}
                  onClick={(event) => {
                    const query = window.location.search
                    if (!query || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                      return
                    event.preventDefault()
                    router.push(`${target}${query}`)
                  }}
                >
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
