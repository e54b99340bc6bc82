import 'server-only'
import { randomBytes } from 'node:crypto'
import { newRecommendationNumber } from '@/lib/engine/recommendations/recommendation-codes'
import { recipientKeys } from './recipient-keys'

type RecipientInput = Parameters<typeof recipientKeys>[0] & {
  anrede: string
  geburtsdatum: string
  werbeeinwilligung: boolean
}

/**
 * The stored columns of a person's recipient data: a new number and marker, the fields as given (e-mail
 * lower case, phone trimmed) and the keys that make e-mail, phone and name with address unique per tenant.
 */
export function recipientColumns(data: RecipientInput) {
  return {
    empfaengernummer: newRecommendationNumber(),
    hex: randomBytes(16).toString('hex'),
    anrede: data.anrede,
    vorname: data.vorname,
    name: data.name,
    geburtsdatum: data.geburtsdatum,
    email: data.email.trim().toLowerCase(),
    telefon: data.telefon.trim(),
    werbeeinwilligung: data.werbeeinwilligung,
    strasse: data.adresse.strasse,
    hausnummer: data.adresse.hausnummer,
    plz: data.adresse.plz,
    ort: data.adresse.ort,
    ...recipientKeys(data),
  }
}
