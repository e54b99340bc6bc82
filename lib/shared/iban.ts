/**
 * IBAN checks for the bank-data forms (SPEC §3 and §5, QUALITY §Security 13). Plain string functions
 * without Node imports: the browser checks the field as it is typed, and the server repeats the very
 * same check before it stores anything.
 */

import registry from './iban-registry.json'

/** A country of the registry: its name, its IBAN length and its BBAN structure. */
type IbanCountrySpec = { readonly length: number; readonly bban: string; readonly name: string }

/**
 * Every country of the SWIFT IBAN Registry (ISO 13616), release 102 of June 2026: the IBAN length and
 * the BBAN structure in the registry's notation (`8!n` = exactly 8 digits, `a` = capital letters,
 * `c` = letters or digits). Territories that the registry files under another country (e.g. Åland
 * under FI, Guadeloupe under FR, Jersey under GB) use that country's prefix in their IBANs, so their
 * own ISO codes are not IBAN prefixes and are not listed. A new release is a change of the table only
 * (iban-registry.json, one country a line).
 */
export const IBAN_REGISTRY: Readonly<Record<string, IbanCountrySpec>> = registry

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
