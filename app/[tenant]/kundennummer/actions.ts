'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { setCustomerNumber } from '@/lib/portal/main-api/customer-number'
import { MainApiError } from '@/lib/portal/main-api/client'
import { isKundennummer, normalizeKundennummer } from '@/lib/contracts/form-rules'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { endSession, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

/** The form as the browser sends it: only a "yes" to the existing-customer question stores a number. */
const formSchema = z.object({
  tenant: z.string().max(64),
  widget: z.string().max(64).optional(),
  bestandskunde: z.literal('ja'),
  kundennummer: z.string().max(100),
})

/**
 * KundenNummer: stores the logged-in referrer's customer number (PUT
 * /empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true) and shows the screen again
 * with the masked number and its check. A refused session logs out (SPEC §7.9) and goes to login.
 */
export async function saveCustomerNumberAction(_state: FormState, formData: FormData): Promise<FormState> {
  const form = formSchema.safeParse(formFields(formData))
  const ctx = form.success ? parseTenantParam(form.data.tenant) : null
  if (!form.success || !ctx || !isKundennummer(form.data.kundennummer)) return { error: 'UngueltigeEingabe' }
  const query = { widget: form.data.widget }
  const session = await sessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'Login', undefined, query))
  try {
    await setCustomerNumber(apiContext(ctx, session), normalizeKundennummer(form.data.kundennummer))
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'PSOF0204') {
      await endSession()
      redirect(href(ctx, 'Login', undefined, query))
    }
    return actionError(error)
  }
  redirect(href(ctx, 'CustomerNumber', undefined, { ...query, gespeichert: 'ja' }, 'customer-number-current'))
}
