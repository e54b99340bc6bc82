import type de from './messages/de.json'
import type { Locale } from './lib/i18n/config'

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale
    Messages: typeof de
  }
}
