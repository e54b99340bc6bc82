'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { login } from '@/lib/api/main-api'
import { MainApiError } from '@/lib/api/client'
import type { ErrorCode } from '@/lib/errors'
import { isLocale } from '@/lib/i18n/config'
import { parseTenantParam, prefixOf, withQuery } from '@/lib/routes/href'
import { parseRedirectTarget } from '@/lib/routes/redirect-target'
import { buildPath } from '@/lib/routes/table'
import { startSession } from '@/lib/session'

const inputSchema = z.object({
  tenant: z.string().max(64),
  locale: z.string().max(5),
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
  const tenant = parseTenantParam(input.data.tenant)
  const locale = input.data.locale
  if (!tenant || !isLocale(locale)) return { error: 'UngueltigeEingabe' }
  let target: string
  try {
    const user = await login(
      tenant.tenant,
      { Email: input.data.email, Password: input.data.password },
      locale,
    )
    await startSession(tenant.tenant, user)
    // The user's language preference selects the locale after login.
    const ctx = { ...tenant, locale: user.language }
    const back = parseRedirectTarget(input.data.redirect)
    const path = back?.path ?? buildPath('Dashboard')
    const widget = input.data.widget ? { widget: input.data.widget } : {}
    target = withQuery(`${prefixOf(ctx)}${path === '/' ? '' : path}` || '/', {
      ...(back?.params ?? {}),
      ...widget,
    })
  } catch (error) {
    if (error instanceof MainApiError) return { error: error.code }
    throw error
  }
  redirect(target)
}
