'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { createEmpfehler, getTenantConfig, resendWelcomeMail } from '@/lib/portal/main-api/main-api'
import { ANREDEN, emailSchema } from '@/lib/contracts/account'
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
  try {
    const config = await getTenantConfig(ctx.tenant)
    if (!config) return { error: 'MandantUnbekannt' }
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Registration' })
    await createEmpfehler(
      ctx.tenant,
      {
        Vorname: input.data.vorname,
        Nachname: input.data.nachname,
        Email: input.data.email,
        ...(input.data.anrede ? { Anrede: input.data.anrede } : {}),
        AgbText: t('termsText', { programm: config.Settings.ProgrammName }),
      },
      ctx.locale,
    )
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
    await resendWelcomeMail(ctx.tenant, input.data.email, ctx.locale)
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
