import { createTranslator } from 'next-intl'
import { TIME_ZONE, type Locale } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'

const YES_NO: Record<Locale, [string, string]> = { de: ['Ja', 'Nein'], en: ['Yes', 'No'] }

const translatorFor = (locale: Locale) =>
  createTranslator({ locale, messages: messagesFor(locale), namespace: 'Agency', timeZone: TIME_ZONE })

/** The agency area's texts (messages/*.json → Agency) in one language, as the screens show them. */
export type AgencyTexts = ReturnType<typeof translatorFor>

/**
 * What a column reads its heading and values with: the screens' texts in the request's language, and
 * dates and amounts as a spreadsheet of that language takes them (31.12.2026 14:05 and 70,00 in German;
 * 31/12/2026 14:05 and 70.00 in English), in German time like the screens.
 */
export type CsvTexts = {
  locale: Locale
  t: AgencyTexts
  /** A calendar day (YYYY-MM-DD) or a moment (ISO), as the day it is in German time. */
  day: (value: string | null) => string
  /** A moment (ISO) as day and time in German time. */
  dateTime: (value: string | null) => string
  /** An amount in cents as euros with two decimals, without currency sign (a number to the spreadsheet). */
  euro: (cents: number | null) => string
}

export type CsvValue = string | number | boolean | null | undefined

/** One CSV column: its heading and, where the raw value is not what the screen shows, how it reads. */
export type CsvColumn<Row> = {
  key: keyof Row & string
  heading: (texts: CsvTexts) => string
  value?: (row: Row, texts: CsvTexts) => CsvValue
}

const tag = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-GB')
// Made once per language: a formatter costs far more to make than to use, and an export formats every row.
const formats = (locale: Locale) => ({
  day: new Intl.DateTimeFormat(tag(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }),
  time: new Intl.DateTimeFormat(tag(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }),
  number: new Intl.NumberFormat(tag(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }),
})
const FORMATS: Record<Locale, ReturnType<typeof formats>> = { de: formats('de'), en: formats('en') }

/** A calendar day is read at noon UTC (the same day in German time), a moment as it is. */
const toDate = (value: string) => new Date(value.length === 10 ? `${value}T12:00:00Z` : value)

/** An amount in cents as a spreadsheet of the language reads a number of euros: 70,00 (de), 70.00 (en). */
export const csvEuro = (cents: number, locale: Locale) => FORMATS[locale].number.format(cents / 100)

const textsCache = new Map<Locale, CsvTexts>()

/** The texts and formats of a CSV in one language. */
export function csvTexts(locale: Locale): CsvTexts {
  let texts = textsCache.get(locale)
  if (!texts) {
    const { day, time } = FORMATS[locale]
    texts = {
      locale,
      t: translatorFor(locale),
      day: (value) => (value ? day.format(toDate(value)) : ''),
      dateTime: (value) => {
        if (!value) return ''
        const moment = toDate(value)
        return `${day.format(moment)} ${time.format(moment)}`
      },
      euro: (cents) => (cents === null ? '' : csvEuro(cents, locale)),
    }
    textsCache.set(locale, texts)
  }
  return texts
}

/**
 * A report as CSV the way German spreadsheet programs open it: UTF-8 with a byte order mark, semicolons,
 * CRLF lines, fields quoted where needed. A value that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with an apostrophe, so a name typed into a form
 * never becomes a formula on an agency's computer. Headings, states, dates and amounts read as the
 * screen shows them, in the request's language.
 */
export function reportCsv<Row>(columns: CsvColumn<Row>[], rows: Row[], locale: Locale): string {
  const texts = csvTexts(locale)
  const lines = [columns.map((column) => field(column.heading(texts)))]
  for (const row of rows) {
    lines.push(
      columns.map((column) =>
        field(text(column.value ? column.value(row, texts) : (row[column.key] as CsvValue), locale)),
      ),
    )
  }
  return '\uFEFF' + lines.map((line) => line.join(';')).join('\r\n') + '\r\n'
}

function text(value: CsvValue, locale: Locale): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1]
  return String(value)
}

function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
