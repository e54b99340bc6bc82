import type { Locale } from '@/lib/i18n/config'
import type { TenantSettings } from './settings'

/** The tenant's hotline as pages and content show it: number, a tel: target, the hours in the language. */
export function hotlineOf(
  settings: Pick<TenantSettings, 'Hotline'>,
  locale: Locale,
): { nummer: string; tel: string; zeiten: string } | null {
  const hotline = settings.Hotline
  if (!hotline) return null
  const digits = hotline.Nummer.replace(/[^0-9+]/g, '')
  // A national number (0800 …) dials from abroad too as +49 800 …
  const tel = digits.startsWith('+') ? digits : `+49${digits.replace(/^0/, '')}`
  return { nummer: hotline.Nummer, tel, zeiten: hotline.Zeiten[locale] ?? hotline.Zeiten.de }
}
