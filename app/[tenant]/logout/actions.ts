'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { logout } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { href, parseTenantParam } from '@/lib/routes/href'
import { endSession, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const inputSchema = z.object({ tenant: z.string().max(64), widget: z.string().max(64).optional() })

/**
 * Ends the session everywhere (the main API raises the session version) and clears the cookie. A request
 * the logout form cannot have sent (no valid tenant) changes nothing.
 */
export async function logoutAction(formData: FormData) {
  const parsed = inputSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const input = parsed.data
  const session = await sessionFor(ctx.tenant)
  if (session) {
    await logout(apiContext(ctx, session)).catch((error: unknown) => {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    })
  }
  await endSession()
  redirect(href(ctx, session ? 'Homepage' : 'Login', undefined, { widget: input.widget }))
}
