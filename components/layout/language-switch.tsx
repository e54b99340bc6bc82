'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import type { Locale } from '@/lib/i18n/config'
import { prefixOf, routePathOf, type PortalContext } from '@/lib/routes/href'

/** Footer language switch: the same page in the other locale (the locale lives in the URL). */
export function LanguageSwitch({ ctx, languages }: { ctx: PortalContext; languages: Locale[] }) {
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
          const target = `${prefixOf(ctx, locale)}${routePath === '/' ? '' : routePath}` || '/'
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
