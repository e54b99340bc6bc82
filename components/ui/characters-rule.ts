import { hasDisallowedCharacters, type TextKind } from '@/lib/contracts/characters'

/**
 * A react-hook-form check of the one input rule for names and free text (lib/contracts/characters.ts):
 * the form refuses what the main API would refuse, with the field's own message
 * (Validation.disallowedCharacters) instead of the form-wide UngueltigeEingabe after sending.
 */
export function charactersRule(message: string, kind: TextKind = 'line') {
  return (value: unknown) => typeof value !== 'string' || !hasDisallowedCharacters(value, kind) || message
}
