import { PAIN_001_NAMESPACE, sepaCreditTransferXml } from './sepa-credit-transfer'
import { schemaErrors, texts, DEBTOR_IBAN, CREDITOR_IBANS, transfer, batch, transfers } from './sepa-fixtures'

describe('sepaCreditTransferXml', () => {
  it('writes the whole document for one transfer without BICs', () => {
    expect(sepaCreditTransferXml(batch())).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<Document xmlns="${PAIN_001_NAMESPACE}">`,
        '  <CstmrCdtTrfInitn>',
        '    <GrpHdr>',
        '      <MsgId>PAYOUT-2026-11-22-1</MsgId>',
        '      <CreDtTm>2026-11-22T09:30:15Z</CreDtTm>',
        '      <NbOfTxs>1</NbOfTxs>',
        '      <CtrlSum>25.00</CtrlSum>',
        '      <InitgPty>',
        '        <Nm>Telko Vertrieb GmbH</Nm>',
        '      </InitgPty>',
        '    </GrpHdr>',
        '    <PmtInf>',
        '      <PmtInfId>PAYOUT-2026-11-22-1-P1</PmtInfId>',
        '      <PmtMtd>TRF</PmtMtd>',
        '      <BtchBookg>true</BtchBookg>',
        '      <NbOfTxs>1</NbOfTxs>',
        '      <CtrlSum>25.00</CtrlSum>',
        '      <PmtTpInf>',
        '        <SvcLvl>',
        '          <Cd>SEPA</Cd>',
        '        </SvcLvl>',
        '      </PmtTpInf>',
        '      <ReqdExctnDt>',
        '        <Dt>2026-11-24</Dt>',
        '      </ReqdExctnDt>',
        '      <Dbtr>',
        '        <Nm>Telko Vertrieb GmbH</Nm>',
        '      </Dbtr>',
        '      <DbtrAcct>',
        '        <Id>',
        '          <IBAN>DE89370400440532013000</IBAN>',
        '        </Id>',
        '      </DbtrAcct>',
        '      <DbtrAgt>',
        '        <FinInstnId>',
        '          <Othr>',
        '            <Id>NOTPROVIDED</Id>',
        '          </Othr>',
        '        </FinInstnId>',
        '      </DbtrAgt>',
        '      <ChrgBr>SLEV</ChrgBr>',
        '      <CdtTrfTxInf>',
        '        <PmtId>',
        '          <EndToEndId>REWARD-1</EndToEndId>',
        '        </PmtId>',
        '        <Amt>',
        '          <InstdAmt Ccy="EUR">25.00</InstdAmt>',
        '        </Amt>',
        '        <Cdtr>',
        '          <Nm>Erika Mustermann</Nm>',
        '        </Cdtr>',
        '        <CdtrAcct>',
        '          <Id>',
        '            <IBAN>AT611904300234573201</IBAN>',
        '          </Id>',
        '        </CdtrAcct>',
        '        <RmtInf>',
        '          <Ustrd>Empfehlungspraemie 2026-11</Ustrd>',
        '        </RmtInf>',
        '      </CdtTrfTxInf>',
        '    </PmtInf>',
        '  </CstmrCdtTrfInitn>',
        '</Document>',
        '',
      ].join('\n'),
    )
  })

  describe('against the pain.001.001.09 schema', () => {
    it('accepts one transfer without any BIC', async () => {
      const xml = sepaCreditTransferXml(batch())
      expect(await schemaErrors(xml)).toEqual([])
      expect(texts(xml, 'Id')).toContain('NOTPROVIDED')
      expect(xml).not.toContain('<CdtrAgt>')
      expect(xml).not.toContain('<BICFI>')
    })

    it('accepts one transfer with BICs for debtor and creditor', async () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: 'Telko Vertrieb GmbH', iban: DEBTOR_IBAN, bic: 'COBADEFFXXX' },
          transfers: [
            transfer({ creditor: { name: 'Erika Mustermann', iban: CREDITOR_IBANS[0]!, bic: 'BKAUATWW' } }),
          ],
        }),
      )
      expect(await schemaErrors(xml)).toEqual([])
      expect(texts(xml, 'BICFI')).toEqual(['COBADEFFXXX', 'BKAUATWW'])
      expect(xml).not.toContain('NOTPROVIDED')
    })

    it('accepts several transfers, some with a BIC and some without, in the given order', async () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: 'Telko Vertrieb GmbH', iban: DEBTOR_IBAN, bic: 'COBADEFF' },
          transfers: [
            transfer({
              endToEndId: 'R-1',
              creditor: { name: 'A', iban: CREDITOR_IBANS[0]!, bic: 'BKAUATWWXXX' },
            }),
            transfer({ endToEndId: 'R-2', creditor: { name: 'B', iban: CREDITOR_IBANS[1]!, bic: null } }),
            transfer({ endToEndId: 'R-3', creditor: { name: 'C', iban: CREDITOR_IBANS[2]!, bic: '' } }),
            transfer({ endToEndId: 'R-4', creditor: { name: 'D', iban: DEBTOR_IBAN, bic: 'DEUTDEFF500' } }),
          ],
        }),
      )
      expect(await schemaErrors(xml)).toEqual([])
      expect(texts(xml, 'EndToEndId')).toEqual(['R-1', 'R-2', 'R-3', 'R-4'])
      expect(texts(xml, 'NbOfTxs')).toEqual(['4', '4'])
      expect(texts(xml, 'BICFI')).toEqual(['COBADEFF', 'BKAUATWWXXX', 'DEUTDEFF500'])
      expect(xml.match(/<CdtrAgt>/g)).toHaveLength(2)
      expect(texts(xml, 'IBAN')).toEqual([DEBTOR_IBAN, ...CREDITOR_IBANS, DEBTOR_IBAN])
    })

    it('accepts escaped and transliterated text at the full lengths of names and purpose', async () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: `Telko & Söhne <GmbH> ${'Ä'.repeat(80)}`, iban: DEBTOR_IBAN },
          transfers: [
            transfer({
              creditor: { name: `Jean-Luc O'Brien-Müller ${'x'.repeat(80)}`, iban: CREDITOR_IBANS[1]! },
              remittance: `Prämie "Freunde werben" für Vertrag 4711 – ${'ß'.repeat(100)}`,
            }),
          ],
        }),
      )
      expect(await schemaErrors(xml)).toEqual([])
      expect(texts(xml, 'Nm').map((name) => name.length)).toEqual([70, 70, expect.any(Number)])
      expect(texts(xml, 'Ustrd')[0]).toHaveLength(140)
      expect(xml).toContain('<Nm>Jean-Luc O&apos;Brien-Mueller xxx')
    })

    it('accepts the largest amounts and a control sum beyond the single-amount limit', async () => {
      const xml = sepaCreditTransferXml(batch({ transfers: transfers([99_999_999_999, 99_999_999_999, 2]) }))
      expect(await schemaErrors(xml)).toEqual([])
      expect(texts(xml, 'InstdAmt')).toEqual(['999999999.99', '999999999.99', '0.02'])
      expect(texts(xml, 'CtrlSum')).toEqual(['2000000000.00', '2000000000.00'])
    })

    // The checks above only mean something if the schema can say no.
    it.each([
      ['an IBAN in lower case', (xml: string) => xml.replace(DEBTOR_IBAN, DEBTOR_IBAN.toLowerCase())],
      ['an empty agent id', (xml: string) => xml.replace('<Id>NOTPROVIDED</Id>', '<Id></Id>')],
      ['a name over 140 characters', (xml: string) => xml.replace('Erika Mustermann', 'E'.repeat(141))],
      ['an end-to-end id over 35 characters', (xml: string) => xml.replace('REWARD-1', 'R'.repeat(36))],
      ['a currency code in lower case', (xml: string) => xml.replace('Ccy="EUR"', 'Ccy="eur"')],
      [
        'an amount with six decimals',
        (xml: string) => xml.replace('>25.00</InstdAmt>', '>25.000001</InstdAmt>'),
      ],
      ['a creation time without seconds', (xml: string) => xml.replace('T09:30:15Z', 'T09:30Z')],
      ['an unknown charge bearer', (xml: string) => xml.replace('SLEV', 'OURS')],
      ['a CdtrAgt after the Cdtr', (xml: string) => xml.replace(/(<Cdtr>[\s\S]*?<\/Cdtr>)/, '$1<CdtrAgt/>')],
      ['another namespace', (xml: string) => xml.replace('pain.001.001.09', 'pain.001.001.03')],
    ])('refuses a document with %s', async (_, corrupt) => {
      const valid = sepaCreditTransferXml(batch())
      const corrupted = corrupt(valid)
      expect(corrupted).not.toBe(valid)
      expect(await schemaErrors(corrupted)).not.toEqual([])
    })
  })

  describe('control sum', () => {
    it('adds 33.33 + 33.33 + 33.34 to exactly 100.00', () => {
      const xml = sepaCreditTransferXml(batch({ transfers: transfers([3333, 3333, 3334]) }))
      expect(texts(xml, 'InstdAmt')).toEqual(['33.33', '33.33', '33.34'])
      expect(texts(xml, 'CtrlSum')).toEqual(['100.00', '100.00'])
      expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3'])
    })

    it('adds a thousand transfers of 0.10 EUR to exactly 100.00, where a floating-point sum drifts', () => {
      const amounts = Array.from({ length: 1000 }, () => 10)
      expect(amounts.reduce((sum) => sum + 0.1, 0)).not.toBe(100)
      const xml = sepaCreditTransferXml(batch({ transfers: transfers(amounts) }))
      expect(texts(xml, 'CtrlSum')).toEqual(['100.00', '100.00'])
      expect(texts(xml, 'NbOfTxs')).toEqual(['1000', '1000'])
      expect(new Set(texts(xml, 'InstdAmt'))).toEqual(new Set(['0.10']))
    })

    it.each([
      [1, '0.01'],
      [10, '0.10'],
      [99, '0.99'],
      [100, '1.00'],
      [123_456, '1234.56'],
      [99_999_999_999, '999999999.99'],
    ])('writes %i cents as %s', (amountCent, euro) => {
      const xml = sepaCreditTransferXml(batch({ transfers: [transfer({ amountCent })] }))
      expect(texts(xml, 'InstdAmt')).toEqual([euro])
      expect(texts(xml, 'CtrlSum')).toEqual([euro, euro])
    })
  })

  describe('text', () => {
    it('transliterates and escapes names and purpose text', () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: 'Müller & Söhne <GmbH>', iban: DEBTOR_IBAN },
          transfers: [
            transfer({
              creditor: { name: "Zoë D'Arcy", iban: CREDITOR_IBANS[0]! },
              remittance: 'Prämie für Ihre Empfehlung – Vertrag <4711> & "Bonus"',
            }),
          ],
        }),
      )
      expect(texts(xml, 'Nm')).toEqual(['Mueller + Soehne GmbH', 'Mueller + Soehne GmbH', 'Zoe D&apos;Arcy'])
      expect(texts(xml, 'Ustrd')).toEqual(['Praemie fuer Ihre Empfehlung - Vertrag 4711 + Bonus'])
      expect(xml).not.toMatch(/[^\x20-\x7E\n]/)
    })

    it('writes names of 70 and purpose text of 140 characters, cut after transliteration', () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: `${'a'.repeat(69)}ü`, iban: DEBTOR_IBAN },
          transfers: [
            transfer({
              creditor: { name: 'N'.repeat(71), iban: CREDITOR_IBANS[0]! },
              remittance: `${'r'.repeat(139)} Ende`,
            }),
          ],
        }),
      )
      expect(texts(xml, 'Nm')).toEqual([`${'a'.repeat(69)}u`, `${'a'.repeat(69)}u`, 'N'.repeat(70)])
      // Cut at 140 would end in a space, which is trimmed.
      expect(texts(xml, 'Ustrd')).toEqual(['r'.repeat(139)])
    })

    it('writes IBANs without spaces in capitals and BICs in capitals', () => {
      const xml = sepaCreditTransferXml(
        batch({
          debtor: { name: 'Telko', iban: 'de89 3704 0044 0532 0130 00', bic: ' coba de ff xxx ' },
          transfers: [transfer({ creditor: { name: 'A', iban: 'nl91 abna 0417 1643 00', bic: 'abnanl2a' } })],
        }),
      )
      expect(texts(xml, 'IBAN')).toEqual([DEBTOR_IBAN, 'NL91ABNA0417164300'])
      expect(texts(xml, 'BICFI')).toEqual(['COBADEFFXXX', 'ABNANL2A'])
    })

    it('writes the creation time in UTC with whole seconds, whatever the time zone of the Date', () => {
      const xml = sepaCreditTransferXml(batch({ createdAt: new Date('2026-11-22T23:59:59.999+01:00') }))
      expect(texts(xml, 'CreDtTm')).toEqual(['2026-11-22T22:59:59Z'])
    })
  })

  it('writes the same bytes for the same input and leaves the input unchanged', () => {
    const input = batch({
      debtor: { name: 'Müller & Söhne', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeff' },
      transfers: transfers([3333, 3333, 3334]),
    })
    const copy = structuredClone(input)
    const first = sepaCreditTransferXml(input)
    expect(sepaCreditTransferXml(input)).toBe(first)
    expect(sepaCreditTransferXml(structuredClone(input))).toBe(first)
    expect(input).toEqual(copy)
  })
})
