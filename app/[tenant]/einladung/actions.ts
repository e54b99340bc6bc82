'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { getInvitationData, unsubscribeInvitation } from '@/lib/portal/main-api/invitations'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { rememberInvitation } from '@/lib/portal/session'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { formFields } from '@/lib/portal/form-fields'
import { href, parseTenantParam } from '@/lib/routes/href'

const schema = z.object({ tenant: z.string().max(64), t: z.string().max(100) })

function parsed(fields: Record<string, FormDataEntryValue>) {
  const input = schema.safeParse(fields)
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  return input.success && ctx ? { ctx, token: input.data.t } : null
}

/**
 * "Jetzt Produkt auswählen": remembers the invited person's details in the encrypted session, so the
 * recommend form starts filled in, and opens the product choice — on a portal that forces login
 * (ModuleErzwingeLogin) the registration, filled in the same way. A link that no longer works still
 * leads on, only without the details.
 */
export async function startFromInvitationAction(formData: FormData) {
  const input = parsed(formFields(formData))
  if (!input) return
  const { ctx, token } = input
  try {
    const data = await getInvitationData(apiContext(ctx), token)
    await rememberInvitation({
      tenant: ctx.tenant,
      vorname: data.Vorname,
      nachname: data.Nachname,
      email: data.Email,
      agentur: data.Agentur,
    })
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
  }
  const config = await getTenantConfig(apiContext(ctx))
  redirect(href(ctx, config?.Settings.ModuleErzwingeLogin ? 'Registration' : 'Homepage'))
}

/** "Keine Einladungen mehr erhalten": PUT Einladung/abmelden, then the page says so. */
export async function unsubscribeInvitationAction(formData: FormData) {
  const input = parsed(formFields(formData))
  if (!input) return
  const { ctx, token } = input
  let outcome = 'abgemeldet'
  try {
    await unsubscribeInvitation(apiContext(ctx), token)
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    outcome = 'ungueltig'
  }
  redirect(href(ctx, 'Invitation', undefined, { t: token, ergebnis: outcome }))
}
