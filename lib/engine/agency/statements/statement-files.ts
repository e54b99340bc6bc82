import 'server-only'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Statement } from '@/lib/contracts/agency'
import type { Locale } from '@/lib/i18n/config'
import { csvEuro, csvTexts, reportCsv } from '../reports/csv'

const TEXT: Record<
  Locale,
  {
    title: string
    provisional: string
    headings: [string, string, string, string, string, string]
    total: string
    none: string
    created: string
    page: string
  }
> = {
  de: {
    title: 'Provisionsabrechnung',
    provisional: 'Vorläufig: Der Monat läuft noch; weitere Freigaben kommen hinzu.',
    headings: [
      'Auftragsnummer',
      'Empfehlungsnummer',
      'Produkt',
      'Auftragsdatum',
      'Freigegeben am',
      'Provision',
    ],
    total: 'Summe',
    none: 'In diesem Monat wurden keine Aufträge freigegeben.',
    created: 'Erstellt am',
    page: 'Seite',
  },
  en: {
    title: 'Commission statement',
    provisional: 'Provisional: the month is still running; further releases will be added.',
    headings: ['Order number', 'Recommendation number', 'Product', 'Order date', 'Released on', 'Commission'],
    total: 'Total',
    none: 'No orders were released in this month.',
    created: 'Created on',
    page: 'Page',
  },
}

const tag = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-GB')
// Made once per language: a formatter costs far more to make than to use, and a statement formats every line.
const formats = (locale: Locale) => ({
  money: new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'EUR' }),
  day: new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat(tag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
})
const FORMATS: Record<Locale, ReturnType<typeof formats>> = { de: formats('de'), en: formats('en') }
export const statementMoney = (cents: number, locale: Locale) => FORMATS[locale].money.format(cents / 100)
const day = (iso: string, locale: Locale) =>
  FORMATS[locale].day.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`))
export const statementMonthName = (month: string, locale: Locale) =>
  FORMATS[locale].month.format(new Date(`${month}-15T12:00:00Z`))

/** The file name of a month's statement, without extension. */
export const statementFileName = (month: string) => `provisionsabrechnung-${month}`

/** A month's statement as CSV: one line per order and a closing total line, dates and amounts as the reports'. */
export function statementCsv(statement: Statement, locale: Locale): string {
  const t = TEXT[locale]
  type Line = { [K in (typeof CSV_KEYS)[number]]: string }
  const { day } = csvTexts(locale)
  const rows: Line[] = statement.Positionen.map((line) => ({
    Auftragsnummer: line.Auftragsnummer,
    Empfehlungsnummer: line.Empfehlungsnummer,
    Produkt: line.Produkt,
    Auftragsdatum: day(line.Auftragsdatum),
    FreigegebenAm: day(line.FreigegebenAm),
    Provision: csvEuro(line.ProvisionCent, locale),
  }))
  const columns = CSV_KEYS.map((key, i) => ({
    key,
    heading: ({ locale: language }: { locale: Locale }) => TEXT[language].headings[i]!,
  }))
  const total: Line = {
    Auftragsnummer: t.total,
    Empfehlungsnummer: '',
    Produkt: '',
    Auftragsdatum: '',
    FreigegebenAm: '',
    Provision: csvEuro(statement.SummeCent, locale),
  }
  return reportCsv(columns, [...rows, total], locale)
}

const CSV_KEYS = [
  'Auftragsnummer',
  'Empfehlungsnummer',
  'Produkt',
  'Auftragsdatum',
  'FreigegebenAm',
  'Provision',
] as const

const charsets = new WeakMap<PDFFont, Set<number>>()

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes a question mark. */
function drawable(font: PDFFont, text: string): string {
  let charset = charsets.get(font)
  if (!charset) charsets.set(font, (charset = new Set(font.getCharacterSet())))
  return [...text].map((c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('')
}

const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89]
const MARGIN = 48
// Column left edges and widths (points), each wide enough for its heading's longest word (test) and
// the demo's order numbers; the commission right-aligned in the last.
const COLUMNS = [
  { x: MARGIN, w: 80 },
  { x: MARGIN + 84, w: 90 },
  { x: MARGIN + 178, w: 124 },
  { x: MARGIN + 306, w: 62 },
  { x: MARGIN + 372, w: 62 },
  { x: MARGIN + 438, w: PAGE_WIDTH - MARGIN - (MARGIN + 438) },
]
const HEADING_SIZE = 8.5
const HEADING_LEADING = 10

/**
 * The table's headings, each in as many lines as its column needs: broken between words, so a heading
 * such as "Freigegeben am" is shown whole in a narrow column (only a single word wider than its column
 * would be shortened).
 */
export function statementHeadings(font: PDFFont, locale: Locale): { lines: string[]; width: number }[] {
  return TEXT[locale].headings.map((heading, i) => {
    const width = COLUMNS[i]!.w
    const lines: string[] = []
    for (const word of drawable(font, heading).split(' ')) {
      const joined = lines.length > 0 ? `${lines.at(-1)} ${word}` : word
      if (lines.length > 0 && font.widthOfTextAtSize(joined, HEADING_SIZE) <= width)
        lines[lines.length - 1] = joined
      else lines.push(fit(font, HEADING_SIZE, word, width))
    }
    return { lines, width }
  })
}

/** Shortens a text to a width, with an ellipsis. */
function fit(font: PDFFont, size: number, text: string, width: number): string {
  let shown = drawable(font, text)
  if (font.widthOfTextAtSize(shown, size) <= width) return shown
  while (shown.length > 1 && font.widthOfTextAtSize(`${shown}…`, size) > width) shown = shown.slice(0, -1)
  return `${shown}…`
}

/**
 * A month's statement as an A4 PDF made with pdf-lib: the programme and the agency, the month, one line
 * per released order with its commission, the total; the table runs on over as many pages as it needs,
 * each numbered. Only the standard fonts are used, so nothing is read from disk.
 */
export async function statementPdf(
  statement: Statement,
  programme: string,
  locale: Locale,
): Promise<Uint8Array> {
  const t = TEXT[locale]
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${t.title} ${statementMonthName(statement.Monat, locale)}`)
  pdf.setAuthor(programme)
  pdf.setLanguage(tag(locale))
  pdf.setCreationDate(new Date(statement.ErstelltAm))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [width, height, margin, columns] = [PAGE_WIDTH, PAGE_HEIGHT, MARGIN, COLUMNS]
  const headings = statementHeadings(bold, locale)
  const headingLines = Math.max(...headings.map((heading) => heading.lines.length))
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
  const text = (value: string, x: number, at: number, size = 9, font = regular) =>
    page.drawText(drawable(font, value), { x, y: at, size, font, color: rgb(0.1, 0.1, 0.12) })
  const right = (value: string, x: number, w: number, at: number, size = 9, font = regular) =>
    text(value, x + w - font.widthOfTextAtSize(drawable(font, value), size), at, size, font)
  const tableHead = () => {
    // Every heading starts on the first line; the rule runs under the longest.
    headings.forEach(({ lines }, i) => {
      const column = columns[i]!
      lines.forEach((line, n) => {
        const at = y - n * HEADING_LEADING
        if (i === columns.length - 1) right(line, column.x, column.w, at, HEADING_SIZE, bold)
        else text(line, column.x, at, HEADING_SIZE, bold)
      })
    })
    y -= (headingLines - 1) * HEADING_LEADING + 6
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.8,
      color: rgb(0.6, 0.6, 0.65),
    })
    y -= 14
  }
  const newPage = () => {
    page = pdf.addPage([width, height])
    pages.push(page)
    y = height - margin
    if (pages.length > 1) {
      text(
        `${t.title} ${statementMonthName(statement.Monat, locale)} · ${statement.Agentur.Name}`,
        margin,
        y,
        9,
      )
      y -= 24
      tableHead()
    }
  }

  newPage()
  text(programme, margin, y, 10)
  y -= 30
  text(`${t.title} ${statementMonthName(statement.Monat, locale)}`, margin, y, 18, bold)
  y -= 28
  for (const line of [
    statement.Agentur.Name,
    statement.Agentur.Strasse,
    [statement.Agentur.Plz, statement.Agentur.Ort].filter(Boolean).join(' '),
  ].filter(Boolean)) {
    text(line, margin, y, 10)
    y -= 14
  }
  y -= 4
  text(`${t.created} ${day(statement.ErstelltAm, locale)}`, margin, y, 9)
  y -= 16
  if (statement.Laufend) {
    text(t.provisional, margin, y, 9, bold)
    y -= 16
  }
  y -= 10
  tableHead()
  if (statement.Positionen.length === 0) {
    text(t.none, margin, y, 10)
    y -= 16
  }
  for (const line of statement.Positionen) {
    if (y < margin + 40) newPage()
    const cells = [
      line.Auftragsnummer,
      line.Empfehlungsnummer,
      line.Produkt,
      day(line.Auftragsdatum, locale),
      day(line.FreigegebenAm, locale),
    ]
    cells.forEach((cell, i) => text(fit(regular, 9, cell, columns[i]!.w), columns[i]!.x, y))
    const last = columns.at(-1)!
    right(statementMoney(line.ProvisionCent, locale), last.x, last.w, y)
    y -= 15
  }
  if (y < margin + 40) newPage()
  page.drawLine({
    start: { x: margin, y: y + 8 },
    end: { x: width - margin, y: y + 8 },
    thickness: 0.8,
    color: rgb(0.6, 0.6, 0.65),
  })
  y -= 8
  text(t.total, margin, y, 11, bold)
  const last = columns.at(-1)!
  right(statementMoney(statement.SummeCent, locale), last.x - 40, last.w + 40, y, 11, bold)

  pages.forEach((p, i) => {
    const label = `${t.page} ${i + 1} / ${pages.length}`
    p.drawText(label, {
      x: width - margin - regular.widthOfTextAtSize(label, 8),
      y: margin / 2,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.45),
    })
  })
  return pdf.save()
}
