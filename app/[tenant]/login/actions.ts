'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { login } from '@/lib/api/main-api'
import { MainApiError } from '@/lib/api/client'
import type { ErrorCode } from '@/lib/errors'
import { parseTenantParam } from '@/lib/routes/href'
import { returnHref } from '@/lib/routes/redirect-target'
import { startSession } from '@/lib/session'

const inputSchema = z.object({
  tenant: z.string().max(64),
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  redirect: z.string().max(2048).optional(),
  widget: z.string().max(64).optional(),
})

export type LoginState = { error?: ErrorCode }

/** Logs a referrer in; on success the session cookie is set and the browser goes to the safe target. */
export async function loginAction(_state: LoginState, formData: FormData): Promise<LoginState> {
  const input = inputSchema.safeParse(Object.fromEntries(formData))
  if (!input.success) return { error: 'UngueltigeEingabe' }
  const ctx = parseTenantParam(input.data.tenant)
  if (!ctx) return { error: 'UngueltigeEingabe' }
  let target: string
  try {
    const credentials = { Email: input.data.email, Password: input.data.password }
    const user = await login(ctx.tenant, credentials, ctx.locale)
    await startSession(ctx.tenant, user)
    // The user's language preference selects the locale after login.
    target = returnHref({ ...ctx, locale: user.language }, input.data.redirect, { widget: input.data.widget })
  } catch (error) {
    if (error instanceof MainApiError) return { error: error.code }
    throw error
  }
  redirect(target)
}
