import { randomUUID } from 'node:crypto'
import type { RecipientDataInput } from '@/lib/contracts/recipient'
import { uniqueTestEmail } from './mailbox'

let counter = 0

/**
 * Recipient data of a person of their own: e-mail, phone and address differ per call (and per test
 * file), so no two calls collide on the recipient's unique fields.
 */
export function recipientPerson(
  label: string,
  overrides: Partial<RecipientDataInput> = {},
): RecipientDataInput {
  counter += 1
  const unique = randomUUID().slice(0, 8)
  const digits = String(parseInt(unique.slice(0, 7), 16) % 10_000_000).padStart(7, '0')
  return {
    anrede: 'Frau',
    vorname: 'Mara',
    name: `Muster-${unique}`,
    geburtsdatum: '1990-05-17',
    email: uniqueTestEmail(label),
    telefon: `+49 171 ${digits}${counter % 10}`,
    werbeeinwilligung: false,
    adresse: { strasse: 'Lindenweg', hausnummer: `${counter}a`, plz: '10115', ort: 'Berlin' },
    ...overrides,
  }
}
