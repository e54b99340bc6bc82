'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { deleteReferrerBankData, saveReferrerBankData } from '@/lib/portal/main-api/bank-data'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam, type PortalContext } from '@/lib/routes/href'
import { sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const base = { tenant: z.string().max(64), widget: z.string().max(64).optional() }

const saveSchema = z.object({ ...base, iban: z.string().max(50), kontoinhaber: z.string().max(140) })

type Query = { widget?: string }

/** The portal context and session of a bank-data form; no valid session → login. */
async function context(formData: FormData) {
  const input = z.object(base).safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return null
  const query: Query = input.data.widget !== undefined ? { widget: input.data.widget } : {}
  const session = await sessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'Login', undefined, query))
  return { ctx, query, api: apiContext(ctx, session) }
}

/**
 * A refusal the form shows itself (an invalid IBAN, malformed input); an ended session goes to login,
 * a tenant without stored bank data (ModuleStoringBankdata off) to my data.
 */
function refused(ctx: PortalContext, query: Query, error: unknown): FormState {
  if (!(error instanceof MainApiError)) throw error
  if (error.code === 'PSOF0204') redirect(href(ctx, 'Login', undefined, query))
  if (error.code === 'NichtGefunden') redirect(href(ctx, 'Settings', undefined, query))
  return { error: error.code }
}

/** EmpfehlerBankdaten: PUT /empfehler/bankdaten/, then the screen again with the new account and a notice. */
export async function saveReferrerBankDataAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = saveSchema.safeParse(formFields(formData))
  const found = input.success ? await context(formData) : null
  if (!input.success || !found) return { error: 'UngueltigeEingabe' }
  const { ctx, query, api } = found
  try {
    await saveReferrerBankData(api, {
      IBAN: input.data.iban,
      Kontoinhaber: input.data.kontoinhaber,
    })
  } catch (error) {
    return refused(ctx, query, error)
  }
  redirect(href(ctx, 'BankDetailsRecommender', undefined, { ...query, bankdaten: 'gespeichert' }))
}

/** EmpfehlerBankdaten: DELETE /empfehler/bankdaten/ once confirmed in the dialog. */
export async function deleteReferrerBankDataAction(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const found = await context(formData)
  if (!found) return { error: 'UngueltigeEingabe' }
  const { ctx, query, api } = found
  try {
    await deleteReferrerBankData(api)
  } catch (error) {
    return refused(ctx, query, error)
  }
  redirect(href(ctx, 'BankDetailsRecommender', undefined, { ...query, bankdaten: 'geloescht' }))
}
