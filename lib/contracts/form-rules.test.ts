import fc from 'fast-check'
import { z } from 'zod'
import { emailSchema } from './account'
import { kundennummerSchema } from './customer-number'
import { auftragsnummerSchema } from './goodwill'
import { phoneSchema } from './recipient'
import { EMAIL_PATTERN, isAuftragsnummer, isEmail, isKundennummer, isPhone } from './form-rules'

// The forms check in the browser without zod (lib/contracts/form-rules.ts); the main API checks with
// the contracts' zod schemas. A value one takes and the other refuses would be a form that sends what
// the API refuses, or refuses what it takes: here they answer alike, for chosen and generated input.

const parses = (schema: z.ZodType) => (value: string) => schema.safeParse(value).success

const CASES: Record<string, { check: (value: string) => boolean; schema: z.ZodType; samples: string[] }> = {
  'e-mail': {
    check: isEmail,
    schema: emailSchema,
    samples: [
      'anna@example.org',
      '  Anna.Schmidt@Example.ORG ',
      "o'neil+tag@mail.example.de",
      'a@b.c',
      'a@b.co',
      'anna@@example.org',
      'anna@example',
      '.anna@example.org',
      'anna.@example.org',
      'anna..schmidt@example.org',
      'anna@-example.org',
      'anna@exa_mple.org',
      'änna@example.org',
      `${'a'.repeat(243)}@example.org`,
      `${'a'.repeat(244)}@example.org`,
      '',
      ' ',
      'anna@example.org\n',
    ],
  },
  phone: {
    check: isPhone,
    schema: phoneSchema,
    samples: [
      '+49 30 1234567',
      '(030) 123-45/67',
      '12345',
      '123456',
      '+1234567890123456',
      '123456789012345',
      '0176 1234567\n',
      ' 0176 1234567 ',
      '0176\u202e1234567',
      `0${' '.repeat(29)}1`,
      'abc123456',
      '',
    ],
  },
  'order number': {
    check: isAuftragsnummer,
    schema: auftragsnummerSchema,
    samples: ['A-123/45.6_7', ' A1 ', 'A 1', 'x'.repeat(40), 'x'.repeat(41), '', 'Ä1'],
  },
  'customer number': {
    check: isKundennummer,
    schema: kundennummerSchema,
    samples: [
      '123456',
      '12 34 56',
      '123 456 789 012',
      '1234567890123',
      '12345',
      '12345a',
      '123\n456',
      ' '.repeat(35) + '123456',
      '',
    ],
  },
}

it("keeps zod's e-mail pattern", () => {
  expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source)
})

describe.each(Object.entries(CASES))(
  '%s: the browser check and the main API answer alike',
  (_kind, { check, schema, samples }) => {
    it.each(samples)('%j', (value) => {
      expect(check(value)).toBe(parses(schema)(value))
    })

    it('for generated input', () => {
      const characters = fc.constantFrom(..."aA0 .-_/+@()'\n\u202eöx9".split(''))
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: characters, maxLength: 50 }), fc.string()), (value) => {
          expect(check(value)).toBe(parses(schema)(value))
        }),
        { numRuns: 500 },
      )
    })
  },
)
