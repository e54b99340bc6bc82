'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { createReferrer, resendWelcomeMail } from '@/lib/portal/main-api/account'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { emailSchema } from '@/lib/contracts/account'
import { ANREDEN } from '@/lib/contracts/form-rules'
import { personName } from '@/lib/contracts/text-input'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { formFields } from '@/lib/portal/form-fields'

const registerSchema = z.object({
  tenant: z.string().max(64),
  anrede: z.union([z.enum(ANREDEN), z.literal('')]).optional(),
  vorname: personName(),
  nachname: personName(),
  email: emailSchema,
  terms: z.literal('on'),
})

/**
 * Registers a referrer (POST /account/createEmpfehler) with the accepted terms text; the welcome mail
 * carries the link to set the password. The same answer for a registered e-mail (no disclosure).
 */
export async function registerAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = registerSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  // Registrations are limited per client address: the browser's, passed on signed.
  const api = await withClientIp(apiContext(ctx))
  try {
    const config = await getTenantConfig(api)
    if (!config) return { error: 'MandantUnbekannt' }
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Registration' })
    await createReferrer(api, {
      Vorname: input.data.vorname,
      Nachname: input.data.nachname,
      Email: input.data.email,
      ...(input.data.anrede ? { Anrede: input.data.anrede } : {}),
      AgbText: t('termsText', { programm: config.Settings.ProgrammName }),
    })
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}

const resendSchema = z.object({ tenant: z.string().max(64), email: emailSchema })

/** Sends the welcome mail again (GET /account/resendWelcomeMail/{email}); always the same answer. */
export async function resendWelcomeAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = resendSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'EmailUngueltig' }
  try {
    await resendWelcomeMail(apiContext(ctx), input.data.email)
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
