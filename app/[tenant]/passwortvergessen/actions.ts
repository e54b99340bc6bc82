'use server'

import { z } from 'zod'
import { requestPasswordReset } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { emailSchema } from '@/lib/contracts/account'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { formFields } from '@/lib/portal/form-fields'

const inputSchema = z.object({ tenant: z.string().max(64), email: emailSchema })

/** Asks for the password mail; the answer is the same whether or not the e-mail has an account. */
export async function forgotPasswordAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = inputSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'EmailUngueltig' }
  try {
    await requestPasswordReset(apiContext(ctx), input.data.email)
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
