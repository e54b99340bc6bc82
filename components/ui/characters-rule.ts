import { hasDisallowedCharacters, hasWebAddress, type TextKind } from '@/lib/contracts/characters'

/**
 * A react-hook-form check of the one input rule for names and free text (lib/contracts/characters.ts):
 * the form refuses what the main API would refuse, with the field's own message
 * (Validation.disallowedCharacters) instead of the form-wide UngueltigeEingabe after sending.
 */
export function charactersRule(message: string, kind: TextKind = 'line') {
  return (value: unknown) => typeof value !== 'string' || !hasDisallowedCharacters(value, kind) || message
}

/** A react-hook-form check that a name, street or town holds no web or e-mail address (as the main API). */
export function noWebAddressRule(message: string) {
  return (value: unknown) => typeof value !== 'string' || !hasWebAddress(value) || message
}
