import type { Locale } from '@/lib/i18n/config'
import type { ReportColumn } from './report'

const YES_NO: Record<Locale, [string, string]> = { de: ['Ja', 'Nein'], en: ['Yes', 'No'] }

/**
 * A report as CSV the way German spreadsheet programs open it: UTF-8 with a byte order mark, semicolons,
 * CRLF lines, fields quoted where needed. A value that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with an apostrophe, so a name typed into a form
 * never becomes a formula on an agency's computer.
 */
export function reportCsv<Row>(columns: ReportColumn<Row>[], rows: Row[], locale: Locale): string {
  const lines = [columns.map((column) => field(column.heading[locale]))]
  for (const row of rows) {
    lines.push(columns.map((column) => field(text(row[column.key], locale))))
  }
  return '\uFEFF' + lines.map((line) => line.join(';')).join('\r\n') + '\r\n'
}

function text(value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1]
  return String(value)
}

function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
