import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { ErrorCode } from '@/lib/shared/errors'
import type { Locale } from './config'

export type Messages = typeof de

const MESSAGES: Record<Locale, Messages> = { de, en }

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale]
}

/** The localized text of a catalogue code; German is the fallback. */
export function errorMessage(code: ErrorCode, locale: Locale): string {
  return MESSAGES[locale].Errors[code] ?? de.Errors[code] ?? de.Errors.Default
}
