import { formatIban, IBAN_MASK_CHAR, IBAN_REGISTRY, maskIban, normalizeIban, validateIban } from './iban'

const ANY = { germanOnly: false }
const DE_ONLY = { germanOnly: true }
const DE = 'DE89370400440532013000'

/** The example IBAN of every country, as printed in the SWIFT IBAN Registry release 102. */
const REGISTRY_EXAMPLES = [
  'AD1200012030200359100100',
  'AE070331234567890123456',
  'AL47212110090000000235698741',
  'AT611904300234573201',
  'AZ21NABZ00000000137010001944',
  'BA391290079401028494',
  'BE68539007547034',
  'BG80BNBG96611020345678',
  'BH67BMAG00001299123456',
  'BI4210000100010000332045181',
  'BR1800360305000010009795493C1',
  'BY13NBRB3600900000002Z00AB00',
  'CH9300762011623852957',
  'CR05015202001026284066',
  'CY17002001280000001200527600',
  'CZ6508000000192000145399',
  'DE89370400440532013000',
  'DJ2100010000000154000100186',
  'DK5000400440116243',
  'DO28BAGR00000001212453611324',
  'EE382200221020145685',
  'EG380019000500000000263180002',
  'ES9121000418450200051332',
  'FI2112345600000785',
  'FK88SC123456789012',
  'FO6264600001631634',
  'FR1420041010050500013M02606',
  'GB29NWBK60161331926819',
  'GE29NB0000000101904917',
  'GI75NWBK000000007099453',
  'GL8964710001000206',
  'GR1601101250000000012300695',
  'GT82TRAJ01020000001210029690',
  'HN88CABF00000000000250005469',
  'HR1210010051863000160',
  'HU42117730161111101800000000',
  'IE29AIBK93115212345678',
  'IL620108000000099999999',
  'IQ98NBIQ850123456789012',
  'IS140159260076545510730339',
  'IT60X0542811101000000123456',
  'JO94CBJO0010000000000131000302',
  'KW81CBKU0000000000001234560101',
  'KZ86125KZT5004100100',
  'LB62099900000001001901229114',
  'LC55HEMM000100010012001200023015',
  'LI21088100002324013AA',
  'LT121000011101001000',
  'LU280019400644750000',
  'LV80BANK0000435195001',
  'LY83002048000020100120361',
  'MC5811222000010123456789030',
  'MD24AG000225100013104168',
  'ME25505000012345678951',
  'MK07250120000058984',
  'MN121234123456789123',
  'MR1300020001010000123456753',
  'MT84MALT011000012345MTLCAST001S',
  'MU17BOMM0101101030300200000MUR',
  'NI45BAPR00000013000003558124',
  'NL91ABNA0417164300',
  'NO9386011117947',
  'OM810180000001299123456',
  'PK36SCBL0000001123456702',
  'PL61109010140000071219812874',
  'PS92PALS000000000400123456702',
  'PT50000201231234567890154',
  'QA58DOHB00001234567890ABCDEFG',
  'RO49AAAA1B31007593840000',
  'RS35260005601001611379',
  'RU0304452522540817810538091310419',
  'SA0380000000608010167519',
  'SC18SSCB11010000000000001497USD',
  'SD2129010501234001',
  'SE4550000000058398257466',
  'SI56263300012039086',
  'SK3112000000198742637541',
  'SM86U0322509800000000270100',
  'SO211000001001000100141',
  'ST23000100010051845310146',
  'SV62CENR00000000000000700025',
  'TL380080012345678910157',
  'TN5910006035183598478831',
  'TR330006100519786457841326',
  'UA213223130000026007233566001',
  'VA59001123000012345678',
  'VG96VPVG0000012345678901',
  'XK051212012345678906',
  'YE15CBYE0001018861234567891234',
]

describe('IBAN_REGISTRY', () => {
  it('lists every registry country once, each with its example', () => {
    expect(Object.keys(IBAN_REGISTRY)).toHaveLength(89)
    expect(REGISTRY_EXAMPLES.map((iban) => iban.slice(0, 2))).toEqual(Object.keys(IBAN_REGISTRY))
  })

  it('has the lengths of the SEPA countries as published', () => {
    expect(
      Object.fromEntries(Object.entries(IBAN_REGISTRY).map(([country, spec]) => [country, spec.length])),
    ).toMatchObject({
      DE: 22,
      AT: 20,
      CH: 21,
      NL: 18,
      FR: 27,
      IT: 27,
      ES: 24,
      BE: 16,
      LU: 20,
      PL: 28,
      GB: 22,
      IE: 22,
      DK: 18,
      SE: 24,
      NO: 15,
      FI: 18,
      PT: 25,
      GR: 27,
      CZ: 24,
      SK: 24,
      HU: 28,
      SI: 19,
      HR: 21,
      RO: 24,
      BG: 22,
      EE: 20,
      LV: 21,
      LT: 20,
      MT: 31,
      CY: 28,
      LI: 21,
      IS: 26,
      MC: 27,
      SM: 27,
      AD: 24,
      VA: 22,
    })
  })

  it.each(Object.entries(IBAN_REGISTRY))('%s: the BBAN structure fills the IBAN length', (_, spec) => {
    const bbanLength = [...spec.bban.matchAll(/(\d+)!/g)].reduce((sum, [, count]) => sum + Number(count), 0)
    expect(4 + bbanLength).toBe(spec.length)
  })
})

describe('normalizeIban', () => {
  it('removes spaces, tabs, line breaks, no-break and zero-width characters and upper-cases', () => {
    expect(normalizeIban(' de89 3704\t0044\u00A00532\u202F0130\n00\u200B ')).toBe(DE)
  })

  it('keeps characters that are no IBAN separator', () => {
    expect(normalizeIban('DE89-3704.0044')).toBe('DE89-3704.0044')
  })

  it('upper-cases only a-z, so look-alike letters stay recognisable as wrong', () => {
    // 'ı'.toUpperCase() is 'I' and 'ſ'.toUpperCase() is 'S'.
    expect(normalizeIban('ıſab')).toBe('ıſAB')
  })
})

describe('validateIban', () => {
  it.each([
    DE,
    'GB82WEST12345698765432',
    'NL91ABNA0417164300',
    'FR1420041010050500013M02606',
    'AT611904300234573201',
    'CH9300762011623852957',
    'BE68539007547034',
  ])('accepts %s', (iban) => {
    expect(validateIban(iban, ANY)).toEqual({ ok: true, iban })
  })

  it.each(REGISTRY_EXAMPLES)('accepts the registry example %s', (iban) => {
    expect(validateIban(iban, ANY)).toEqual({ ok: true, iban })
  })

  it('accepts lower-case, spaced and pasted input and answers the electronic form', () => {
    expect(validateIban('de89 3704 0044 0532 0130 00', ANY)).toEqual({ ok: true, iban: DE })
    expect(validateIban('\tDE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000\n', ANY)).toEqual({
      ok: true,
      iban: DE,
    })
    expect(validateIban('fr14 2004 1010 0505 0001 3m02 606', ANY)).toEqual({
      ok: true,
      iban: 'FR1420041010050500013M02606',
    })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'only spaces'],
    ['DE89-3704-0044-0532-0130-00', 'dashes'],
    ['DE89 3704 0044 0532 0130 0!', 'punctuation'],
    ['DE89 3704 0044 0532 0130 0Ä', 'an umlaut'],
    ['ıE89370400440532013000', 'a dotless i for I'],
    ['1289370400440532013000', 'digits for the country'],
  ])('answers format for %j (%s)', (input) => {
    expect(validateIban(input, ANY)).toEqual({ ok: false, reason: 'format' })
  })

  it.each([
    ['DEAB370400440532013000', 'letters as check digits'],
    ['DE89370400440532O13000', 'a letter O in a German account number'],
    ['GB82123412345698765432', 'digits where the British bank code has letters'],
    ['NL91ABNA04171643AB', 'letters in the Dutch account number'],
  ])('answers format for %s (%s)', (input) => {
    expect(validateIban(input, ANY)).toEqual({ ok: false, reason: 'format' })
  })

  it('answers country for a code outside the registry, whatever the length', () => {
    expect(validateIban('XX89370400440532013000', ANY)).toEqual({ ok: false, reason: 'country' })
    expect(validateIban('XX89', ANY)).toEqual({ ok: false, reason: 'country' })
    // A territory the registry files under France uses FR in its IBANs.
    expect(validateIban('GP1420041010050500013M02606', ANY)).toEqual({ ok: false, reason: 'country' })
  })

  it.each([
    ['DE8937040044053201300', 'one character short'],
    ['DE893704004405320130000', 'one character too many'],
    ['DE', 'the country alone'],
    ['AT6119043002345732011', 'an Austrian IBAN of German length minus one'],
    ['NL91ABNA041716430', 'a Dutch IBAN one short'],
  ])('answers length for %s (%s)', (input) => {
    expect(validateIban(input, ANY)).toEqual({ ok: false, reason: 'length' })
  })

  it('answers checksum when one digit is off by one', () => {
    expect(validateIban('DE89370400440532013001', ANY)).toEqual({ ok: false, reason: 'checksum' })
    expect(validateIban('DE88370400440532013000', ANY)).toEqual({ ok: false, reason: 'checksum' })
    expect(validateIban('AT611904300234573202', ANY)).toEqual({ ok: false, reason: 'checksum' })
  })

  it('answers checksum for every single wrong digit and for swapped neighbours', () => {
    for (let position = 2; position < DE.length; position++) {
      for (const digit of '0123456789') {
        if (digit === DE[position]) continue
        const typo = DE.slice(0, position) + digit + DE.slice(position + 1)
        expect(validateIban(typo, ANY)).toEqual({ ok: false, reason: 'checksum' })
      }
    }
    expect(validateIban('DE89370400440532031000', ANY)).toEqual({ ok: false, reason: 'checksum' })
  })

  it.each([
    ['DE97370400440000000060', 'DE00370400440000000060'],
    ['DE98370400440000000042', 'DE01370400440000000042'],
    ['DE02370400440000000024', 'DE99370400440000000024'],
  ])(
    'answers checksum for check digits 00, 01 and 99, though mod 97 alone passes them (%s)',
    (issued, standIn) => {
      expect(validateIban(issued, ANY)).toEqual({ ok: true, iban: issued })
      expect(validateIban(standIn, ANY)).toEqual({ ok: false, reason: 'checksum' })
    },
  )

  describe('germanOnly (ModuleIBANNurDE)', () => {
    it('accepts a German IBAN', () => {
      expect(validateIban('de89 3704 0044 0532 0130 00', DE_ONLY)).toEqual({ ok: true, iban: DE })
    })

    it.each(REGISTRY_EXAMPLES.filter((iban) => !iban.startsWith('DE')))(
      'answers notGerman for the valid %s',
      (iban) => {
        expect(validateIban(iban, DE_ONLY)).toEqual({ ok: false, reason: 'notGerman' })
      },
    )

    it('names the real fault of an invalid foreign IBAN', () => {
      expect(validateIban('AT611904300234573202', DE_ONLY)).toEqual({ ok: false, reason: 'checksum' })
      expect(validateIban('AT61190430023457320', DE_ONLY)).toEqual({ ok: false, reason: 'length' })
      expect(validateIban('XX89370400440532013000', DE_ONLY)).toEqual({ ok: false, reason: 'country' })
    })

    it('still checks German IBANs in full', () => {
      expect(validateIban('DE89370400440532013001', DE_ONLY)).toEqual({ ok: false, reason: 'checksum' })
    })
  })
})

describe('formatIban', () => {
  it('prints groups of four separated by single spaces', () => {
    expect(formatIban(DE)).toBe('DE89 3704 0044 0532 0130 00')
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201')
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947')
    expect(formatIban('MT84MALT011000012345MTLCAST001S')).toBe('MT84 MALT 0110 0001 2345 MTLC AST0 01S')
  })

  it('normalizes first', () => {
    expect(formatIban(' de89 37040044 0532\u00A0013000 ')).toBe('DE89 3704 0044 0532 0130 00')
  })
})

describe('maskIban', () => {
  const M = IBAN_MASK_CHAR

  it('keeps country, check digits and the last four in the print grouping', () => {
    expect(maskIban(DE)).toBe('DE89 •••• •••• •••• ••30 00')
    expect(maskIban('AT611904300234573201')).toBe('AT61 •••• •••• •••• 3201')
    expect(maskIban('NO9386011117947')).toBe('NO93 •••• •••7 947')
  })

  it('normalizes first', () => {
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• •••• ••30 00')
  })

  it.each(REGISTRY_EXAMPLES)('shows no more than eight characters of %s', (iban) => {
    const masked = maskIban(iban)
    expect(masked.replace(/ /g, '')).toHaveLength(iban.length)
    expect(masked.replace(new RegExp(`[ ${M}]`, 'g'), '')).toBe(iban.slice(0, 4) + iban.slice(-4))
  })

  it('masks a value shorter than any IBAN completely', () => {
    expect(maskIban('DE89 3704 0044 05')).toBe('•••• •••• •••• ••')
    expect(maskIban('')).toBe('')
  })
})
