import { z } from 'zod'
import { hasDisallowedCharacters } from '@/lib/contracts/characters'
import { freeText, lineString, personName, singleLine } from '@/lib/contracts/text-input'

// The one input rule for names and free text (QUALITY Security 18): control and direction characters
// are refused, real names of every spelling are kept.

const REFUSED_IN_A_LINE = {
  'lone low surrogate': 'Ö büßö\udfffö',
  'lone high surrogate': 'Anna\ud800',
  CR: 'Anna\rMaria',
  LF: 'Anna\nBcc: x@example.org',
  CRLF: 'Anna\r\nMaria',
  'trailing LF': 'Anna\n',
  TAB: 'Anna\tMaria',
  NUL: 'Anna\u0000',
  BEL: 'Anna\u0007',
  DEL: 'Anna\u007f',
  'C1 NEL': 'Anna\u0085',
  'U+009F': 'Anna\u009f',
  'U+202E right-to-left override': '\u202eanitsirhC',
  'U+202A left-to-right embedding': '\u202aAnna',
  'U+202B right-to-left embedding': '\u202bAnna',
  'U+202C pop directional formatting': 'Anna\u202c',
  'U+202D left-to-right override': '\u202dAnna',
  'U+2066 left-to-right isolate': '\u2066Anna',
  'U+2067 right-to-left isolate': '\u2067Anna',
  'U+2068 first strong isolate': '\u2068Anna',
  'U+2069 pop directional isolate': 'Anna\u2069',
  'U+200E left-to-right mark': 'Anna\u200e',
  'U+200F right-to-left mark': 'Anna\u200f',
  'U+061C Arabic letter mark': 'Anna\u061c',
  'U+2028 line separator': 'Anna\u2028Maria',
  'U+2029 paragraph separator': 'Anna\u2029Maria',
}

const NAMES = [
  'Jürgen Müller-Lüdenscheidt',
  'Straße',
  'Ætherheim',
  "O'Brien",
  'D’Angelo',
  'Zoë Ångström',
  'José María',
  'François',
  'Łukasz Żółć',
  'Ğülşen',
  'Nguyễn Thị Minh Khai',
  'Ана-Мария',
  'Σωκράτης',
  'محمد',
  'שרה',
  '李小龍',
  'Dr. med. Anna von der Heide',
  'Anna (Annie)',
]

describe('personName', () => {
  const schema = personName()

  it.each(Object.entries(REFUSED_IN_A_LINE))('refuses %s', (_label, value) => {
    const result = schema.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('disallowed_characters')
  })

  it.each(NAMES)('accepts %s as it is', (name) => {
    expect(schema.parse(name)).toBe(name)
    expect(hasDisallowedCharacters(name)).toBe(false)
  })

  it.each([
    'Visit http://evil.example',
    'https:evil.example',
    'Gewinn! www.evil.example',
    'anna@evil.example',
    'Bitte evil.example/login öffnen',
    'ftp://evil',
  ])('refuses a web or e-mail address in %s', (value) => {
    const result = schema.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('name_with_address')
  })

  it.each(['Hauptstr. 5', 'St. Pauli', 'Dr.Mayer', 'Müller-Lüdenscheidt', 'O’Brien', 'Anna S.'])(
    'accepts %s, which holds no address',
    (value) => expect(schema.parse(value)).toBe(value),
  )

  it('trims spaces, needs a character and keeps to its length', () => {
    expect(schema.parse('  Anna  ')).toBe('Anna')
    expect(schema.safeParse('   ').success).toBe(false)
    expect(schema.safeParse('x'.repeat(100)).success).toBe(true)
    expect(schema.safeParse('x'.repeat(101)).success).toBe(false)
    expect(personName({ min: 2, max: 140 }).safeParse('A').success).toBe(false)
  })

  it('refuses what is no string', () => {
    for (const value of [42, null, undefined, ['Anna'], { Vorname: 'Anna' }])
      expect(schema.safeParse(value).success).toBe(false)
  })
})

describe('singleLine and lineString', () => {
  it('allow an empty optional value, and refuse the same characters', () => {
    const optional = singleLine({ min: 0, max: 40 }).optional()
    expect(optional.parse(undefined)).toBeUndefined()
    expect(optional.parse('')).toBe('')
    expect(optional.safeParse('web\r\n').success).toBe(false)
    expect(optional.safeParse('\u202eweb').success).toBe(false)
  })

  it('checks before a format with \\s lets a line break through', () => {
    const digits = lineString()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d+$/))
    expect(digits.parse('123 456')).toBe('123456')
    expect(digits.safeParse('123\n456').success).toBe(false)
    expect(digits.safeParse('123\u2028456').success).toBe(false)
  })
})

describe('freeText', () => {
  const schema = freeText({ min: 3, max: 20 })

  it('keeps line feeds and tabs, and counts CRLF and CR as one line feed', () => {
    expect(schema.parse('Zeile 1\n\tZeile 2')).toBe('Zeile 1\n\tZeile 2')
    expect(schema.parse('eins\r\nzwei\rdrei')).toBe('eins\nzwei\ndrei')
    expect(hasDisallowedCharacters('eins\r\nzwei', 'text')).toBe(false)
  })

  it.each([
    ['NUL', 'Hallo\u0000Welt'],
    ['vertical tab', 'Hallo\u000bWelt'],
    ['form feed', 'Hallo\u000cWelt'],
    ['escape', 'Hallo\u001b[31m'],
    ['DEL', 'Hallo\u007f'],
    ['C1', 'Hallo\u0085'],
    ['U+202E', 'Hallo \u202etleW'],
    ['U+2066', 'Hallo \u2066Welt'],
    ['U+200F', 'Hallo\u200f'],
    ['U+2029', 'Hallo\u2029Welt'],
  ])('refuses %s', (_label, value) => {
    expect(schema.safeParse(value).success).toBe(false)
    expect(hasDisallowedCharacters(value, 'text')).toBe(true)
  })

  it('accepts names and punctuation of every language', () => {
    for (const name of NAMES.slice(0, 5)) expect(freeText({ min: 1, max: 100 }).parse(name)).toBe(name)
  })
})
