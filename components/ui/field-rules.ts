import { hasDisallowedCharacters, hasWebAddress } from '@/lib/contracts/characters'
import { isEmail } from '@/lib/contracts/form-rules'

/** The Validation translator, as far as these rules use it. */
type Translate = (
  key: 'requiredField' | 'disallowedCharacters' | 'tooLong' | 'email' | 'passwordTooLong' | 'nameWithAddress',
  values?: Record<string, string | number>,
) => string

/** An e-mail address to be filled in: the main API's own rule (lib/contracts/form-rules.ts). */
export function emailRules(label: string, tv: Translate) {
  return {
    required: tv('requiredField', { field: label }),
    validate: (value: string) => isEmail(value) || tv('email'),
  }
}

/** A password that is checked against the stored one: filled, and not longer than any password can be. */
export function currentPasswordRules(label: string, tv: Translate) {
  return {
    required: tv('requiredField', { field: label }),
    maxLength: { value: 128, message: tv('passwordTooLong') },
  }
}

/**
 * A free text of a contract's length (a subject, a message): filled, of the allowed characters of a
 * line or a text (lib/contracts/text-input.ts), and from `min` to `max` characters once trimmed;
 * `tooShort` gives the form's own message for too few. `name`: a person's name, so no web or e-mail
 * address either.
 */
export function lengthRules(
  label: string,
  { min, max, kind }: { min: number; max: number; kind: 'line' | 'text' | 'name' },
  tv: Translate,
  tooShort: (values: { field: string; min: number }) => string,
) {
  return {
    validate: (value: string) => {
      const length = value.trim().length
      if (length === 0) return tv('requiredField', { field: label })
      if (hasDisallowedCharacters(value, kind === 'text' ? 'text' : 'line'))
        return tv('disallowedCharacters', { field: label })
      if (kind === 'name' && hasWebAddress(value)) return tv('nameWithAddress', { field: label })
      if (length < min) return tooShort({ field: label, min })
      if (length > max) return tv('tooLong', { field: label, max })
      return true
    },
  }
}
