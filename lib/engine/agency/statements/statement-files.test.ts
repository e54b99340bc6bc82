import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Statement } from '@/lib/contracts/agency'
import { statementCsv, statementHeadings, statementPdf } from './statement-files'

const statement: Statement = {
  Monat: '2026-10',
  Laufend: false,
  ErstelltAm: '2026-11-02T09:00:00Z',
  Agentur: { Name: 'Sonnenschein Vertrieb GmbH', Strasse: 'Hauptstr. 1', Plz: '10115', Ort: 'Berlin' },
  Positionen: [
    {
      Auftragsnummer: 'A-100',
      Empfehlungsnummer: 'E-200',
      Produkt: 'Glasfaser 500',
      Auftragsdatum: '2026-10-01',
      FreigegebenAm: '2026-10-31',
      ProvisionCent: 7000,
    },
  ],
  SummeCent: 7000,
} as Statement

describe('statement PDF headings', () => {
  it.each(['de', 'en'] as const)('fit their columns whole in %s, broken between words', async (locale) => {
    const pdf = await PDFDocument.create()
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
    for (const { lines, width } of statementHeadings(bold, locale)) {
      for (const line of lines) {
        expect(line).not.toContain('…')
        expect(bold.widthOfTextAtSize(line, 8.5)).toBeLessThanOrEqual(width)
      }
      expect(lines.length).toBeLessThanOrEqual(2)
    }
  })

  it('shows "Freigegeben am" on two lines instead of cutting it', async () => {
    const pdf = await PDFDocument.create()
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
    const lines = statementHeadings(bold, 'de').map((heading) => heading.lines)
    expect(lines).toContainEqual(['Freigegeben', 'am'])
    expect(lines).toContainEqual(['Auftragsnummer'])
  })

  it('renders a PDF with the statement', async () => {
    const bytes = await statementPdf(statement, 'Demo-Programm', 'de')
    const document = await PDFDocument.load(bytes)
    expect(document.getPageCount()).toBe(1)
  })
})

describe('statement CSV', () => {
  it('writes days as TT.MM.JJJJ and amounts in euros with a decimal comma', () => {
    const lines = statementCsv(statement, 'de')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toEqual([
      'Auftragsnummer;Empfehlungsnummer;Produkt;Auftragsdatum;Freigegeben am;Provision',
      'A-100;E-200;Glasfaser 500;01.10.2026;31.10.2026;70,00',
      'Summe;;;;;70,00',
    ])
    expect(statementCsv(statement, 'en').split('\r\n')[1]).toBe(
      'A-100;E-200;Glasfaser 500;01/10/2026;31/10/2026;70.00',
    )
  })
})
