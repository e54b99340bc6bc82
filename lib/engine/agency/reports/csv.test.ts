import { reportCsv } from './csv'

type Row = { Name: string; Wert: number | null; Einwilligung: boolean }
const columns = [
  { key: 'Name' as const, heading: { de: 'Name', en: 'Name' } },
  { key: 'Wert' as const, heading: { de: 'Wert; Cent', en: 'Value; cents' } },
  { key: 'Einwilligung' as const, heading: { de: 'Einwilligung', en: 'Consent' } },
]

describe('reportCsv', () => {
  it('writes a byte order mark, semicolons and CRLF lines, headed in the language', () => {
    const csv = reportCsv<Row>(columns, [{ Name: 'Anna Muster', Wert: 5000, Einwilligung: true }], 'de')
    expect(csv).toBe('\uFEFFName;"Wert; Cent";Einwilligung\r\nAnna Muster;5000;Ja\r\n')
    expect(reportCsv<Row>(columns, [], 'en')).toBe('\uFEFFName;"Value; cents";Consent\r\n')
  })

  it('quotes quotes and line breaks, leaves empty values empty', () => {
    const csv = reportCsv<Row>(columns, [{ Name: 'A "B"\nC', Wert: null, Einwilligung: false }], 'de')
    expect(csv.split('\r\n')[1]).toBe('"A ""B""\nC";;Nein')
  })

  it.each(['=HYPERLINK("x")', '+49 30 1', '-1', '@SUM(A1)', '\tx'])(
    'keeps %j from running as a spreadsheet formula',
    (name) => {
      const line = reportCsv<Row>(columns, [{ Name: name, Wert: 1, Einwilligung: true }], 'de').split(
        '\r\n',
      )[1]!
      expect(line.startsWith("'") || line.startsWith(`"'`)).toBe(true)
    },
  )
})
