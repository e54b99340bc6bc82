'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { updateLanguage } from '@/lib/api/main-api'
import { MainApiError } from '@/lib/api/client'
import { LOCALES } from '@/lib/i18n/config'
import { href, parseTenantParam } from '@/lib/routes/href'
import { getSession, sessionFor } from '@/lib/session'

const inputSchema = z.object({
  tenant: z.string().max(64),
  language: z.enum(LOCALES),
  widget: z.string().max(64).optional(),
})

/** Stores the referrer's language (SPEC /account/updateLanguage) and shows the area in it. */
export async function updateLanguageAction(formData: FormData) {
  const input = inputSchema.parse(Object.fromEntries(formData))
  const portal = parseTenantParam(input.tenant)
  if (!portal) throw new Error('invalid tenant')
  // The area is shown in the language just chosen.
  const ctx = { ...portal, locale: input.language }
  const query = { widget: input.widget }
  const current = await sessionFor(ctx.tenant)
  if (!current) redirect(href(ctx, 'Login', undefined, query))
  try {
    await updateLanguage(ctx.tenant, current.token, input.language)
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'PSOF0204')
      redirect(href(ctx, 'Login', undefined, query))
    throw error
  }
  const session = await getSession()
  if (session.user) session.user = { ...session.user, language: input.language }
  await session.save()
  redirect(href(ctx, 'Dashboard', undefined, { ...query, sprache: 'gespeichert' }))
}
