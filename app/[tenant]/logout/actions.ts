'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { logout } from '@/lib/api/main-api'
import { MainApiError } from '@/lib/api/client'
import { isLocale } from '@/lib/i18n/config'
import { href, parseTenantParam } from '@/lib/routes/href'
import { endSession, sessionFor } from '@/lib/session'

const inputSchema = z.object({
  tenant: z.string().max(64),
  locale: z.string().max(5),
  widget: z.string().max(64).optional(),
})

/** Ends the session everywhere (the main API raises the session version) and clears the cookie. */
export async function logoutAction(formData: FormData) {
  const input = inputSchema.parse(Object.fromEntries(formData))
  const tenant = parseTenantParam(input.tenant)
  if (!tenant || !isLocale(input.locale)) throw new Error('invalid logout request')
  const ctx = { tenant: tenant.tenant, hostMapped: tenant.hostMapped, locale: input.locale }
  const session = await sessionFor(tenant.tenant)
  if (session) {
    await logout(tenant.tenant, session.token).catch((error: unknown) => {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    })
  }
  await endSession()
  redirect(href(ctx, session ? 'Homepage' : 'Login', undefined, input.widget ? { widget: input.widget } : {}))
}
