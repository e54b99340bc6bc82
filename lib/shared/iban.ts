/**
 * IBAN checks for the bank-data forms (SPEC §3 and §5, QUALITY §Security 13). Plain string functions
 * without Node imports: the browser checks the field as it is typed, and the server repeats the very
 * same check before it stores anything.
 */

type IbanCountrySpec = { readonly length: number; readonly bban: string }

/**
 * Every country of the SWIFT IBAN Registry (ISO 13616), release 102 of June 2026: the IBAN length and
 * the BBAN structure in the registry's notation (`8!n` = exactly 8 digits, `a` = capital letters,
 * `c` = letters or digits). Territories that the registry files under another country (e.g. Åland
 * under FI, Guadeloupe under FR, Jersey under GB) use that country's prefix in their IBANs, so their
 * own ISO codes are not IBAN prefixes and are not listed. A new release is a change of this table only.
 */
export const IBAN_REGISTRY = {
  AD: { length: 24, bban: '4!n4!n12!c' }, // Andorra
  AE: { length: 23, bban: '3!n16!n' }, // United Arab Emirates (The)
  AL: { length: 28, bban: '8!n16!c' }, // Albania
  AT: { length: 20, bban: '5!n11!n' }, // Austria
  AZ: { length: 28, bban: '4!a20!c' }, // Azerbaijan
  BA: { length: 20, bban: '3!n3!n8!n2!n' }, // Bosnia and Herzegovina
  BE: { length: 16, bban: '3!n7!n2!n' }, // Belgium
  BG: { length: 22, bban: '4!a4!n2!n8!c' }, // Bulgaria
  BH: { length: 22, bban: '4!a14!c' }, // Bahrain
  BI: { length: 27, bban: '5!n5!n11!n2!n' }, // Burundi
  BR: { length: 29, bban: '8!n5!n10!n1!a1!c' }, // Brazil
  BY: { length: 28, bban: '4!c4!n16!c' }, // Belarus
  CH: { length: 21, bban: '5!n12!c' }, // Switzerland
  CR: { length: 22, bban: '4!n14!n' }, // Costa Rica
  CY: { length: 28, bban: '3!n5!n16!c' }, // Cyprus
  CZ: { length: 24, bban: '4!n16!n' }, // Czechia
  DE: { length: 22, bban: '8!n10!n' }, // Germany
  DJ: { length: 27, bban: '5!n5!n11!n2!n' }, // Djibouti
  DK: { length: 18, bban: '4!n9!n1!n' }, // Denmark
  DO: { length: 28, bban: '4!c20!n' }, // Dominican Republic
  EE: { length: 20, bban: '2!n14!n' }, // Estonia
  EG: { length: 29, bban: '4!n4!n17!n' }, // Egypt
  ES: { length: 24, bban: '4!n4!n1!n1!n10!n' }, // Spain
  FI: { length: 18, bban: '3!n11!n' }, // Finland
  FK: { length: 18, bban: '2!a12!n' }, // Falkland Islands (Malvinas)
  FO: { length: 18, bban: '4!n9!n1!n' }, // Faroe Islands
  FR: { length: 27, bban: '5!n5!n11!c2!n' }, // France
  GB: { length: 22, bban: '4!a6!n8!n' }, // United Kingdom
  GE: { length: 22, bban: '2!a16!n' }, // Georgia
  GI: { length: 23, bban: '4!a15!c' }, // Gibraltar
  GL: { length: 18, bban: '4!n9!n1!n' }, // Greenland
  GR: { length: 27, bban: '3!n4!n16!c' }, // Greece
  GT: { length: 28, bban: '4!c20!c' }, // Guatemala
  HN: { length: 28, bban: '4!a20!n' }, // Honduras
  HR: { length: 21, bban: '7!n10!n' }, // Croatia
  HU: { length: 28, bban: '3!n4!n1!n15!n1!n' }, // Hungary
  IE: { length: 22, bban: '4!a6!n8!n' }, // Ireland
  IL: { length: 23, bban: '3!n3!n13!n' }, // Israel
  IQ: { length: 23, bban: '4!a3!n12!n' }, // Iraq
  IS: { length: 26, bban: '4!n2!n6!n10!n' }, // Iceland
  IT: { length: 27, bban: '1!a5!n5!n12!c' }, // Italy
  JO: { length: 30, bban: '4!a4!n18!c' }, // Jordan
  KW: { length: 30, bban: '4!a22!c' }, // Kuwait
  KZ: { length: 20, bban: '3!n13!c' }, // Kazakhstan
  LB: { length: 28, bban: '4!n20!c' }, // Lebanon
  LC: { length: 32, bban: '4!a24!c' }, // Saint Lucia
  LI: { length: 21, bban: '5!n12!c' }, // Liechtenstein
  LT: { length: 20, bban: '5!n11!n' }, // Lithuania
  LU: { length: 20, bban: '3!n13!c' }, // Luxembourg
  LV: { length: 21, bban: '4!a13!c' }, // Latvia
  LY: { length: 25, bban: '3!n3!n15!n' }, // Libya
  MC: { length: 27, bban: '5!n5!n11!c2!n' }, // Monaco
  MD: { length: 24, bban: '2!c18!c' }, // Moldova, Republic of
  ME: { length: 22, bban: '3!n13!n2!n' }, // Montenegro
  MK: { length: 19, bban: '3!n10!c2!n' }, // North Macedonia
  MN: { length: 20, bban: '4!n12!n' }, // Mongolia
  MR: { length: 27, bban: '5!n5!n11!n2!n' }, // Mauritania
  MT: { length: 31, bban: '4!a5!n18!c' }, // Malta
  MU: { length: 30, bban: '4!a2!n2!n12!n3!n3!a' }, // Mauritius
  NI: { length: 28, bban: '4!a20!n' }, // Nicaragua
  NL: { length: 18, bban: '4!a10!n' }, // Netherlands (The)
  NO: { length: 15, bban: '4!n6!n1!n' }, // Norway
  OM: { length: 23, bban: '3!n16!c' }, // Oman
  PK: { length: 24, bban: '4!a16!c' }, // Pakistan
  PL: { length: 28, bban: '8!n16!n' }, // Poland
  PS: { length: 29, bban: '4!a21!c' }, // Palestine, State of
  PT: { length: 25, bban: '4!n4!n11!n2!n' }, // Portugal
  QA: { length: 29, bban: '4!a21!c' }, // Qatar
  RO: { length: 24, bban: '4!a16!c' }, // Romania
  RS: { length: 22, bban: '3!n13!n2!n' }, // Serbia
  RU: { length: 33, bban: '9!n5!n15!c' }, // Russian Federation
  SA: { length: 24, bban: '2!n18!c' }, // Saudi Arabia
  SC: { length: 31, bban: '4!a2!n2!n16!n3!a' }, // Seychelles
  SD: { length: 18, bban: '2!n12!n' }, // Sudan
  SE: { length: 24, bban: '3!n16!n1!n' }, // Sweden
  SI: { length: 19, bban: '5!n8!n2!n' }, // Slovenia
  SK: { length: 24, bban: '4!n6!n10!n' }, // Slovakia
  SM: { length: 27, bban: '1!a5!n5!n12!c' }, // San Marino
  SO: { length: 23, bban: '4!n3!n12!n' }, // Somalia
  ST: { length: 25, bban: '4!n4!n11!n2!n' }, // Sao Tome and Principe
  SV: { length: 28, bban: '4!a20!n' }, // El Salvador
  TL: { length: 23, bban: '3!n14!n2!n' }, // Timor-Leste
  TN: { length: 24, bban: '2!n3!n13!n2!n' }, // Tunisia
  TR: { length: 26, bban: '5!n1!n16!c' }, // Turkiye
  UA: { length: 29, bban: '6!n19!c' }, // Ukraine
  VA: { length: 22, bban: '3!n15!n' }, // Holy See
  VG: { length: 24, bban: '4!a16!n' }, // Virgin Islands (British)
  XK: { length: 20, bban: '4!n10!n2!n' }, // Kosovo
  YE: { length: 30, bban: '4!a4!n18!c' }, // Yemen
} as const satisfies Record<string, IbanCountrySpec>

export type IbanFailure = 'format' | 'country' | 'length' | 'checksum' | 'notGerman'
export type IbanValidation = { ok: true; iban: string } | { ok: false; reason: IbanFailure }

const TOKEN_CLASS = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' } as const

/** Turns a BBAN structure like `4!a6!n8!n` into an anchored expression (after normalizeIban, so capitals only). */
function bbanPattern(structure: string): RegExp {
  const tokens = [...structure.matchAll(/(\d+)!([nac])/g)]
  if (tokens.map((token) => token[0]).join('') !== structure)
    throw new Error(`unsupported BBAN structure ${structure}`)
  return new RegExp(
    `^${tokens.map(([, count, kind]) => `${TOKEN_CLASS[kind as keyof typeof TOKEN_CLASS]}{${count}}`).join('')}$`,
  )
}

const COUNTRIES = new Map(
  Object.entries(IBAN_REGISTRY).map(([country, spec]) => [
    country,
    { length: spec.length, bban: bbanPattern(spec.bban) },
  ]),
)

/** Norway's 15 characters; anything shorter cannot be an IBAN, which maskIban relies on. */
const SHORTEST_IBAN = Math.min(...Object.values(IBAN_REGISTRY).map((spec) => spec.length))

/**
 * The electronic form: no separators, capitals. Removes every kind of white space (space, tab, line
 * break, no-break and narrow no-break space) and the zero-width characters that copying from PDFs and
 * web pages brings along. Dashes and dots stay: they are no IBAN separator, and guessing at them would
 * accept input the bank may read differently. Only a-z is upper-cased, because Unicode case mapping turns
 * characters such as the dotless ı or the long ſ into I and S and would let them pass as an IBAN.
 */
export function normalizeIban(input: string): string {
  return input.replace(/[\s\u200B-\u200D\u2060]/g, '').replace(/[a-z]/g, (letter) => letter.toUpperCase())
}

/**
 * ISO 7064 MOD 97-10 over the rearranged IBAN (BBAN, then country and check digits), letters counted as
 * 10–35. Folding the remainder in character by character keeps every step below 10,000, so the 60-digit
 * number never has to exist.
 */
function mod97(rearranged: string): number {
  let remainder = 0
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36)
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97
  }
  return remainder
}

/**
 * Checks an IBAN as typed or pasted. The reasons come in this order: `format` (a character other than
 * A-Z and 0-9, or no country letters at the start), `country` (not in the registry), `length` (not the
 * country's length), `format` again (check digits or BBAN not of the country's structure, e.g. a letter
 * in a German account number), `checksum` (check digits outside 02–98, or the mod-97 check fails) and
 * `notGerman`, which is given only to an otherwise valid IBAN when the tenant accepts German IBANs only
 * (ModuleIBANNurDE). Every reason shows the same message (' ist nicht gültig'); they are told apart for
 * tests and for the typed hint a form may add.
 */
export function validateIban(input: string, options: { germanOnly: boolean }): IbanValidation {
  const iban = normalizeIban(input)
  if (!/^[A-Z]{2}[A-Z0-9]*$/.test(iban)) return { ok: false, reason: 'format' }
  const country = COUNTRIES.get(iban.slice(0, 2))
  if (!country) return { ok: false, reason: 'country' }
  if (iban.length !== country.length) return { ok: false, reason: 'length' }
  if (!/^[0-9]{2}$/.test(iban.slice(2, 4)) || !country.bban.test(iban.slice(4)))
    return { ok: false, reason: 'format' }
  // The issuing algorithm (98 minus the remainder) only yields 02–98; 00, 01 and 99 would pass mod 97
  // as stand-ins for 97, 98 and 02, but no bank issues them.
  const checkDigits = Number(iban.slice(2, 4))
  if (checkDigits < 2 || checkDigits > 98 || mod97(iban.slice(4) + iban.slice(0, 4)) !== 1)
    return { ok: false, reason: 'checksum' }
  if (options.germanOnly && !iban.startsWith('DE')) return { ok: false, reason: 'notGerman' }
  return { ok: true, iban }
}

const groupsOfFour = (value: string) => value.replace(/(.{4})(?!$)/g, '$1 ')

/** The print form of ISO 13616: groups of four separated by one space, e.g. `DE89 3704 0044 0532 0130 00`. */
export function formatIban(iban: string): string {
  return groupsOfFour(normalizeIban(iban))
}

export const IBAN_MASK_CHAR = '•'

/**
 * The form shown wherever a stored IBAN is displayed again (QUALITY §Security 13): country and check
 * digits and the last four characters stay, every other character becomes `•`, in the print grouping,
 * so the owner recognises the account and the length stays visible:
 * `DE89370400440532013000` → `DE89 •••• •••• •••• ••30 00`. A value shorter than any IBAN is no IBAN
 * and its ends could be most of it, so it is masked completely.
 */
export function maskIban(iban: string): string {
  const value = normalizeIban(iban)
  const visible = value.length >= SHORTEST_IBAN ? 4 : 0
  return groupsOfFour(
    value.slice(0, visible) +
      IBAN_MASK_CHAR.repeat(value.length - 2 * visible) +
      value.slice(value.length - visible),
  )
}
