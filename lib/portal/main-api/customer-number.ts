import 'server-only'
import { customerNumberResultSchema } from '@/lib/contracts/customer-number'
import type { AuthContext } from './context'
import { read, send } from './request'

/** The logged-in referrer's customer number, for rewards credited to the provider's bill. */

/** GET /empfehler/GetResultFromKundennummer/ (§7.3): the number (masked) and its check. */
export function getCustomerNumber(ctx: AuthContext) {
  return read(ctx, {
    path: '/empfehler/GetResultFromKundennummer',
    token: ctx.token,
    schema: customerNumberResultSchema,
  })
}

/**
 * PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true (§7.3): stores the number
 * as typed (the main API drops spaces and checks it: UngueltigeEingabe); answers it masked, Ausstehend.
 */
export function setCustomerNumber(ctx: AuthContext, kundennummer: string) {
  return send(ctx, {
    path: `/empfehler/SetKundennummerForEmpfehler/${encodeURIComponent(kundennummer)}?bestandskunde=true`,
    method: 'PUT',
    token: ctx.token,
    schema: customerNumberResultSchema,
  })
}
