import { charactersRule, noWebAddressRule } from './characters-rule'

/** The Validation translator, as far as these rules use it. */
type Translate = (
  key: 'requiredField' | 'disallowedCharacters' | 'tooLong' | 'nameWithAddress',
  values: Record<string, string | number>,
) => string

/**
 * The rules of a person's first or last name in every form, for react-hook-form's register: filled
 * (unless `required` is false, e.g. a logged-in referrer's own name), the one input rule for names
 * (lib/contracts/text-input.ts), at most `max` characters.
 */
export function nameRules(
  label: string,
  tv: Translate,
  { max = 100, required = true }: { max?: number; required?: boolean } = {},
) {
  return {
    validate: {
      filled: (v: unknown) =>
        !required || (typeof v === 'string' && v.trim().length > 0) || tv('requiredField', { field: label }),
      characters: charactersRule(tv('disallowedCharacters', { field: label })),
      address: noWebAddressRule(tv('nameWithAddress', { field: label })),
    },
    maxLength: { value: max, message: tv('tooLong', { field: label, max }) },
  }
}
