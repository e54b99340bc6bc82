import 'server-only'
import { referrerBankDataSchema, type BankDataRequest } from '@/lib/contracts/bank-data'
import type { AuthContext } from './context'
import { read, send } from './request'

/** The logged-in referrer's stored account for cash rewards (§7.3 /empfehler/bankdaten/), answered masked. */

/** GET /empfehler/bankdaten/ (§7.3): the stored account (nulls when none). */
export function getReferrerBankData(ctx: AuthContext) {
  return read(ctx, { path: '/empfehler/bankdaten', token: ctx.token, schema: referrerBankDataSchema })
}

/**
 * PUT /empfehler/bankdaten/ (§7.3): stores or replaces the account. The input goes as typed: the main
 * API checks it (UngueltigeEingabe, IbanUngueltig, IbanNichtDeutsch).
 */
export function saveReferrerBankData(ctx: AuthContext, data: BankDataRequest) {
  return send(ctx, {
    path: '/empfehler/bankdaten',
    method: 'PUT',
    body: data,
    token: ctx.token,
    schema: referrerBankDataSchema,
  })
}

/** DELETE /empfehler/bankdaten/ (§7.3): removes the account. */
export function deleteReferrerBankData(ctx: AuthContext) {
  return send(ctx, {
    path: '/empfehler/bankdaten',
    method: 'DELETE',
    token: ctx.token,
    schema: referrerBankDataSchema,
  })
}
