'use server'

import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { saveRecipientBankData } from '@/lib/portal/main-api/recipients'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const schema = z.object({
  tenant: z.string().max(64),
  iban: z.string().max(50),
  kontoinhaber: z.string().max(140),
})

export type BankFormState = FormState & { saved?: { IBAN: string; Kontoinhaber: string } }

/** EmpfaengerBankdaten: POST /empfaenger/bankdaten with the token the confirmation link gave the recipient. */
export async function saveBankDataAction(_state: BankFormState, formData: FormData): Promise<BankFormState> {
  const input = schema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const recipient = await storedRecipient(ctx.tenant)
  if (!recipient?.token) return { error: 'BankdatenNichtAutorisiert' }
  try {
    const saved = await saveRecipientBankData(apiContext(ctx, { token: recipient.token }), {
      IBAN: input.data.iban,
      Kontoinhaber: input.data.kontoinhaber,
    })
    return { ok: true, saved }
  } catch (error) {
    return actionError(error)
  }
}
