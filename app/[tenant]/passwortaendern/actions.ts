'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { changePassword } from '@/lib/portal/main-api/account'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { passwordSchema } from '@/lib/contracts/password'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { sessionFor, startSession } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const inputSchema = z
  .object({
    tenant: z.string().max(64),
    oldPassword: z.string().min(1).max(128),
    password: passwordSchema,
    passwordRepeat: z.string().max(128),
    widget: z.string().max(64).optional(),
  })
  .refine((input) => input.password === input.passwordRepeat)

/**
 * Changes the password with the current one (PUT /account/resetPasswordWithoutToken). Every other
 * session ends; this one continues with the new token the answer carries.
 */
export async function changePasswordAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = inputSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const query = { widget: input.data.widget }
  const session = await sessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'Login', undefined, query))
  try {
    const user = await changePassword(await withClientIp(apiContext(ctx, session)), {
      OldPassword: input.data.oldPassword,
      Password: input.data.password,
    })
    await startSession(ctx.tenant, user)
    return { ok: true }
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code === 'PSOF0204') redirect(href(ctx, 'Login', undefined, query))
    return { error: error.code }
  }
}
