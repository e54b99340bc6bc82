import { csvEuro, csvTexts, reportCsv, type CsvColumn } from './csv'

type Row = { Name: string; Wert: number | null; Einwilligung: boolean; Am: string | null }
const columns: CsvColumn<Row>[] = [
  { key: 'Name', heading: ({ locale }) => (locale === 'de' ? 'Name' : 'Name') },
  {
    key: 'Wert',
    heading: ({ locale }) => (locale === 'de' ? 'Wert; Euro' : 'Value; euros'),
    value: (row, { euro }) => euro(row.Wert),
  },
  { key: 'Einwilligung', heading: ({ locale }) => (locale === 'de' ? 'Einwilligung' : 'Consent') },
  {
    key: 'Am',
    heading: ({ t }) => t('report.columns.created'),
    value: (row, { dateTime }) => dateTime(row.Am),
  },
]
const row = (changes: Partial<Row> = {}): Row => ({
  Name: 'Anna Muster',
  Wert: 5000,
  Einwilligung: true,
  Am: '2026-11-29T23:34:58.983Z',
  ...changes,
})

describe('reportCsv', () => {
  it('writes a byte order mark, semicolons and CRLF lines, headed and read in the language', () => {
    const csv = reportCsv<Row>(columns, [row()], 'de')
    expect(csv).toBe(
      '\uFEFFName;"Wert; Euro";Einwilligung;Erstellt am\r\nAnna Muster;50,00;Ja;30.11.2026 00:34\r\n',
    )
    expect(reportCsv<Row>(columns, [row()], 'en')).toBe(
      '\uFEFFName;"Value; euros";Consent;Created on\r\nAnna Muster;50.00;Yes;30/11/2026 00:34\r\n',
    )
    expect(reportCsv<Row>(columns, [], 'en')).toBe('\uFEFFName;"Value; euros";Consent;Created on\r\n')
  })

  it('quotes quotes and line breaks, leaves empty values empty', () => {
    const csv = reportCsv<Row>(
      columns,
      [row({ Name: 'A "B"\nC', Wert: null, Einwilligung: false, Am: null })],
      'de',
    )
    expect(csv.split('\r\n')[1]).toBe('"A ""B""\nC";;Nein;')
  })

  it.each(['=HYPERLINK("x")', '+49 30 1', '-1', '@SUM(A1)', '\tx'])(
    'keeps %j from running as a spreadsheet formula',
    (name) => {
      const line = reportCsv<Row>(columns, [row({ Name: name })], 'de').split('\r\n')[1]!
      expect(line.startsWith("'") || line.startsWith(`"'`)).toBe(true)
    },
  )
})

describe('csvTexts', () => {
  it('writes moments as the day and time they are in German time, summer and winter', () => {
    const { day, dateTime } = csvTexts('de')
    expect(day('2026-11-29T23:34:58.983Z')).toBe('30.11.2026')
    expect(dateTime('2026-11-29T23:34:58.983Z')).toBe('30.11.2026 00:34')
    expect(dateTime('2026-07-01T22:30:00Z')).toBe('02.07.2026 00:30')
    expect(dateTime('2026-07-01T12:05:00Z')).toBe('01.07.2026 14:05')
    expect(csvTexts('en').dateTime('2026-07-01T12:05:00Z')).toBe('01/07/2026 14:05')
  })

  it('writes a calendar day as that day, whatever the time zone', () => {
    expect(csvTexts('de').day('2026-03-29')).toBe('29.03.2026')
    expect(csvTexts('de').day('2026-12-31')).toBe('31.12.2026')
    expect(csvTexts('en').day('2026-12-31')).toBe('31/12/2026')
    expect(csvTexts('de').day(null)).toBe('')
  })

  it('writes amounts in euros with the language decimal separator and no thousands separator', () => {
    expect(csvEuro(7000, 'de')).toBe('70,00')
    expect(csvEuro(8250, 'en')).toBe('82.50')
    expect(csvEuro(123456, 'de')).toBe('1234,56')
    expect(csvEuro(5, 'de')).toBe('0,05')
    expect(csvTexts('de').euro(null)).toBe('')
  })

  it('speaks with the screens’ texts (messages/*.json → Agency)', () => {
    expect(csvTexts('de').t('report.states.Offen')).toBe('In Bearbeitung')
    expect(csvTexts('en').t('report.states.Offen')).not.toBe('In Bearbeitung')
    expect(csvTexts('de').t('report.beneficiaries.Empfaenger')).toBe('Empfohlene Person')
    expect(csvTexts('de').t('management.invitations.art.VorOrt')).toBe('Vor Ort')
  })
})
