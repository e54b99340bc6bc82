/**
 * The one input rule for every field a person's name or free text goes into (QUALITY Security 18):
 * control characters and the invisible characters that turn the direction of text are refused, so a
 * name can neither break a mail's lines (CR/LF) nor read reversed (U+202E) where others see it. The
 * main API's contracts build their text fields on it (lib/contracts/text-input.ts), and the portal's
 * forms check with `hasDisallowedCharacters` before sending (message Validation.disallowedCharacters).
 * Without zod, so a form's code in the browser does not carry it.
 */

/**
 * Invisible direction controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069)
 * and marks (U+200E, U+200F, U+061C).
 */
const DIRECTION = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069'
/** Line and paragraph separators end a line just as LF does. */
const SEPARATORS = '\\u2028\\u2029'
/** One line (names, streets, subjects): no C0 or C1 control character, not even a tab. */
const NOT_IN_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${DIRECTION}${SEPARATORS}]`)
/** Free text (messages): line feeds and tabs, no other control character. */
const NOT_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${DIRECTION}${SEPARATORS}]`)

/** `line`: a name or another one-line value; `text`: free text with line breaks. */
export type TextKind = 'line' | 'text'

/** Browsers send a textarea's line breaks as CRLF: counted and stored as one \n each, as typed. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n')
}

/**
 * Whether a value holds a character the rule refuses (the forms check what the main API checks); a
 * lone surrogate (half of a character, which no keyboard types) is refused too, as nothing could store
 * or mail it.
 */
export function hasDisallowedCharacters(value: string, kind: TextKind = 'line'): boolean {
  if (!value.isWellFormed()) return true
  return kind === 'line' ? NOT_IN_LINE.test(value) : NOT_IN_TEXT.test(normalizeLineBreaks(value))
}

/** The message of the zod issue for a refused character. */
export const DISALLOWED_CHARACTERS = 'disallowed_characters'

/**
 * A web or e-mail address: a scheme (`https:`, `…://`), `www.`, an `@`, or a domain followed by a
 * path (`example.com/login`). No name, street or town holds one; in a name it would reach the mails
 * that greet with it (an invitation, the contact form's receipt) as a link under the provider's name.
 */
const WEB_ADDRESS = /:\/\/|\bhttps?:|\bwww\.|@|[a-z0-9-]\.[a-z]{2,}\//i

export function hasWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value)
}

/** The message of the zod issue for a name holding a web or e-mail address. */
export const NAME_WITH_ADDRESS = 'name_with_address'
