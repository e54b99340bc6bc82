import { z } from 'zod'
import {
  DISALLOWED_CHARACTERS,
  hasDisallowedCharacters,
  hasWebAddress,
  NAME_WITH_ADDRESS,
  normalizeLineBreaks,
} from './characters'

// The contracts' text fields, built on the one character rule of lib/contracts/characters.ts.
/**
 * A string that keeps to one line, checked before trimming (a trailing line break is refused, not
 * silently cut); chain trim, lengths and formats after it.
 */
export function lineString() {
  return z.string().refine((value) => !hasDisallowedCharacters(value, 'line'), DISALLOWED_CHARACTERS)
}

/** A one-line value, trimmed, within `min` and `max` characters (min 0 for optional fields). */
export function singleLine(limits: { min: number; max: number }) {
  return lineString().trim().min(limits.min).max(limits.max)
}

/**
 * A person's first or last name, an account holder, a street or town: one line, not empty, and no web
 * or e-mail address in it.
 */
export function personName(limits: { min?: number; max?: number } = {}) {
  // One refusal per field: a value already refused for its characters is not refused again.
  return singleLine({ min: limits.min ?? 1, max: limits.max ?? 100 }).refine(
    (value) => hasDisallowedCharacters(value, 'line') || !hasWebAddress(value),
    NAME_WITH_ADDRESS,
  )
}

/** Free text with line breaks and tabs (CRLF and CR count as one \n), trimmed, within its lengths. */
export function freeText(limits: { min: number; max: number }) {
  return z
    .string()
    .overwrite(normalizeLineBreaks)
    .refine((value) => !hasDisallowedCharacters(value, 'text'), DISALLOWED_CHARACTERS)
    .trim()
    .min(limits.min)
    .max(limits.max)
}
