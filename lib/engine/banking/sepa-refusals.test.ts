import { sepaCreditTransferXml, toSepaText, type SepaBatch } from './sepa-credit-transfer'
import { SEPA_CHARSET, DEBTOR_IBAN, CREDITOR_IBANS, transfer, batch, transfers } from './sepa-fixtures'

// What cannot make a valid pain.001 file is refused; text is made SEPA-safe.
describe('sepaCreditTransferXml', () => {
  describe('refuses input that cannot make a valid file', () => {
    const [first] = transfers([100])
    const cases: [string, Partial<SepaBatch>, RegExp][] = [
      ['no transfers', { transfers: [] }, /at least one transfer/],
      [
        'a zero amount',
        { transfers: [transfer({ amountCent: 0 })] },
        /amount of transfer REWARD-1.*positive integer/,
      ],
      ['a negative amount', { transfers: [transfer({ amountCent: -100 })] }, /positive integer/],
      ['a fractional amount', { transfers: [transfer({ amountCent: 12.5 })] }, /positive integer/],
      [
        'an amount that is not a number',
        { transfers: [transfer({ amountCent: Number.NaN })] },
        /positive integer/,
      ],
      ['an infinite amount', { transfers: [transfer({ amountCent: Infinity })] }, /positive integer/],
      [
        'an amount given as a string',
        { transfers: [transfer({ amountCent: '100' as unknown as number })] },
        /positive integer/,
      ],
      [
        'an amount above 999999999.99 EUR',
        { transfers: [transfer({ amountCent: 100_000_000_000 })] },
        /exceeds the SEPA limit/,
      ],
      ['an empty debtor name', { debtor: { name: '', iban: DEBTOR_IBAN } }, /debtor name is empty/],
      [
        'a creditor name of spaces only',
        { transfers: [transfer({ creditor: { name: '   ', iban: CREDITOR_IBANS[0]! } })] },
        /creditor name of transfer REWARD-1 is empty/,
      ],
      [
        'a creditor name without any SEPA character',
        { transfers: [transfer({ creditor: { name: '山田 太郎', iban: CREDITOR_IBANS[0]! } })] },
        /creditor name of transfer REWARD-1 is empty or has no character of the SEPA/,
      ],
      [
        'an empty purpose text',
        { transfers: [transfer({ remittance: ' <> ' })] },
        /remittance of transfer REWARD-1/,
      ],
      ['an empty message id', { messageId: '' }, /messageId must be 1–35 characters/],
      ['a message id with a space', { messageId: 'PAYOUT 1' }, /messageId/],
      ['a message id with a slash', { messageId: 'PAYOUT/1' }, /messageId/],
      ['a message id of 36 characters', { messageId: 'M'.repeat(36) }, /messageId/],
      ['a payment info id with an umlaut', { paymentInfoId: 'PRÄMIE-1' }, /paymentInfoId/],
      ['a payment info id with an underscore', { paymentInfoId: 'P_1' }, /paymentInfoId/],
      [
        'an end-to-end id with a dot',
        { transfers: [transfer({ endToEndId: 'R.1' })] },
        /endToEndId of transfer 1/,
      ],
      ['an empty end-to-end id', { transfers: [transfer({ endToEndId: '' })] }, /endToEndId of transfer 1/],
      [
        'an end-to-end id used twice',
        { transfers: [first!, { ...first!, amountCent: 200 }] },
        /endToEndId REWARD-1 is used by more than one transfer/,
      ],
      ['an execution date that does not exist', { executionDate: '2026-02-30' }, /executionDate/],
      ['an execution date in German notation', { executionDate: '24.11.2026' }, /executionDate/],
      ['an execution date without leading zeros', { executionDate: '2026-1-5' }, /executionDate/],
      ['an execution date with a time', { executionDate: '2026-11-24T00:00:00Z' }, /executionDate/],
      ['an execution date in year 0', { executionDate: '0000-01-01' }, /executionDate/],
      ['an invalid creation time', { createdAt: new Date('not a date') }, /createdAt/],
      [
        'a creation time after the year 9999',
        { createdAt: new Date('+010000-01-01T00:00:00Z') },
        /createdAt/,
      ],
      [
        'a debtor IBAN with a wrong checksum',
        { debtor: { name: 'T', iban: 'DE89370400440532013001' } },
        /checksum/,
      ],
      [
        'a creditor IBAN of the wrong length',
        { transfers: [transfer({ creditor: { name: 'A', iban: 'DE8937040044053201300' } })] },
        /creditor IBAN of transfer REWARD-1 is not a valid IBAN \(length\)/,
      ],
      [
        'a debtor BIC of nine characters',
        { debtor: { name: 'T', iban: DEBTOR_IBAN, bic: 'COBADEFF1' } },
        /debtor BIC is not a valid BIC/,
      ],
      [
        'a creditor BIC with a digit in the country',
        { transfers: [transfer({ creditor: { name: 'A', iban: CREDITOR_IBANS[0]!, bic: 'BKAU1TWW' } })] },
        /creditor BIC of transfer REWARD-1/,
      ],
    ]

    it.each(cases)('%s', (_, overrides, message) => {
      expect(() => sepaCreditTransferXml(batch(overrides))).toThrow(message)
    })

    it('never puts an IBAN into an error message', () => {
      const wrong = 'DE89370400440532013001'
      const errors = [
        () => sepaCreditTransferXml(batch({ debtor: { name: 'T', iban: wrong } })),
        () =>
          sepaCreditTransferXml(batch({ transfers: [transfer({ creditor: { name: 'A', iban: wrong } })] })),
      ].map((write) => {
        try {
          write()
        } catch (error) {
          return (error as Error).message
        }
        return 'did not throw'
      })
      expect(errors).toHaveLength(2)
      for (const message of errors) {
        expect(message).toMatch(/not a valid IBAN/)
        expect(message).not.toContain('370400440532013')
      }
    })

    it('accepts the edges of the limits', () => {
      expect(() =>
        sepaCreditTransferXml(
          batch({
            messageId: 'M'.repeat(35),
            paymentInfoId: 'p-1',
            executionDate: '2028-02-29',
            transfers: [transfer({ endToEndId: 'E'.repeat(35), amountCent: 1 })],
          }),
        ),
      ).not.toThrow()
    })
  })
})

describe('toSepaText', () => {
  it.each([
    ['Müller & Söhne <GmbH>', 'Mueller + Soehne GmbH'],
    ['ä ö ü Ä Ö Ü ß ẞ', 'ae oe ue Ae Oe Ue ss SS'],
    ['Größenwahn Straße', 'Groessenwahn Strasse'],
    ['José Ñúñez Çelik', 'Jose Nunez Celik'],
    ['Łódź, Ørsted, Æbeltoft, Œuvre', 'Lodz, Orsted, Aebeltoft, Oeuvre'],
    ['Mu\u0308ller (decomposed)', 'Mueller (decomposed)'],
    ['Ａｂｃ　１２３ ﬁne', 'Abc 123 fine'],
    ['Bonus 50 € – „danke“', 'Bonus 50 EUR - danke'],
    ['Rock ’n’ Roll', "Rock 'n' Roll"],
    ['[Ref] {A}', '(Ref) (A)'],
    ['Kopf\tzeile\nzwei\r\ndrei', 'Kopf zeile zwei drei'],
    ['mail@example.com; #1 _x_ ~', 'mail example.com 1 x'],
    ['🎉 Prämie 🎉', 'Praemie'],
    ['山田 太郎', ''],
    ["a/b-c?d:e(f)g.h,i'j+k l", "a/b-c?d:e(f)g.h,i'j+k l"],
    ['  viele    Leerzeichen  ', 'viele Leerzeichen'],
  ])('%j → %j', (input, expected) => {
    expect(toSepaText(input, 140)).toBe(expected)
  })

  it('cuts after transliteration and trims a space left at the cut', () => {
    expect(toSepaText('Müller', 3)).toBe('Mue')
    expect(toSepaText('ab cd', 3)).toBe('ab')
    expect(toSepaText('x'.repeat(200), 140)).toHaveLength(140)
  })

  it('yields only SEPA characters for any character of the first 64k code points and beyond', () => {
    const chars = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
      .filter((char) => char.isWellFormed())
      .concat(['😀', '𝔘', '\u{1F1E9}\u{1F1EA}'])
    const outside = chars.filter((char) => !SEPA_CHARSET.test(toSepaText(`a${char}b`, 10)))
    expect(chars.length).toBeGreaterThan(60_000)
    expect(outside).toEqual([])
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses the length %p', (max) => {
    expect(() => toSepaText('abc', max)).toThrow(/positive integer/)
  })
})
