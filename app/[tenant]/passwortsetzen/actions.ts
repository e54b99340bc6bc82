'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { resetPassword } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { secretTokenSchema } from '@/lib/contracts/account'
import { passwordSchema } from '@/lib/contracts/password'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { startSession } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const inputSchema = z
  .object({
    tenant: z.string().max(64),
    token: secretTokenSchema,
    password: passwordSchema,
    passwordRepeat: z.string().max(128),
    widget: z.string().max(64).optional(),
  })
  .refine((input) => input.password === input.passwordRepeat)

/**
 * Sets the password with a mailed link (password forgotten, or completing the registration); the main
 * API logs the referrer in on success (SPEC §7.9), so the personal area opens.
 */
export async function setPasswordAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = inputSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  let target: string
  try {
    const user = await resetPassword(apiContext(ctx), {
      token: input.data.token,
      password: input.data.password,
    })
    await startSession(ctx.tenant, user)
    target = href({ ...ctx, locale: user.language }, 'Dashboard', undefined, {
      widget: input.data.widget,
      passwort: 'gesetzt',
    })
  } catch (error) {
    return actionError(error)
  }
  redirect(target)
}
