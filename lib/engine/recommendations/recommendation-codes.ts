import { randomBytes, randomInt } from 'node:crypto'

/** Digits and capitals without I, L, O, U (Crockford): 10 characters carry 50 random bits. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** The offline code is typed from a card: no 0/O, 1/I/L, 5/S, 8/B, 2/Z look-alikes. */
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679'

function randomString(alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

/** Empfehlungsnummer: 10 characters, unguessable (50 bits). */
export function newRecommendationNumber(): string {
  return randomString(NUMBER_ALPHABET, 10)
}

/** The link hex of a recommendation: 128 random bits. */
export function newRecommendationHex(): string {
  return randomBytes(16).toString('hex')
}

/** Offline recommendation code: 8 characters (about 37 bits), shown as ABCD-EFGH. */
export function newOfflineCode(): string {
  return randomString(CODE_ALPHABET, 8)
}

/** How a person may type a code: any case, with or without dash and spaces. */
export function normalizeOfflineCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '')
}

export function formatOfflineCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}
