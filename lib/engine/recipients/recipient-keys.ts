import 'server-only'
import { createHmac } from 'node:crypto'
import { env } from '@/lib/shared/env'
import type { RecipientData } from '@/lib/contracts/recipient'

/**
 * Keys that find the same person again without comparing plain data: HMACs of the normalised e-mail,
 * phone number, and name with address. One person is attributed to one recommendation only (the
 * first one wins), however they write their data.
 */

function key(kind: string, value: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`recipient-${kind}:${value}`).digest('hex')
}

/** German numbers in any notation become one form: 0171 …, +49 171 …, 0049 171 … → 49171…. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return digits
  if (digits.startsWith('00')) return digits.slice(2)
  if (digits.startsWith('0')) return `49${digits.slice(1)}`
  return digits
}

const simple = (value: string) =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/str(asse|aße|\.)?(?=\s|$)/g, 'str')
    .replace(/[^\p{L}\p{N}]/gu, '')

export function recipientKeys(
  data: Pick<RecipientData, 'email' | 'telefon' | 'vorname' | 'name' | 'adresse'>,
) {
  const { adresse } = data
  return {
    emailKey: key('email', data.email.trim().toLowerCase()),
    phoneKey: key('phone', normalizePhone(data.telefon)),
    addressKey: key(
      'address',
      [data.vorname, data.name, adresse.strasse, adresse.hausnummer, adresse.plz].map(simple).join('|'),
    ),
  }
}
