'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { confirmRecipient, renewRecipientLink } from '@/lib/portal/main-api/recipients'
import { secretTokenSchema } from '@/lib/contracts/account'
import { actionError } from '@/lib/portal/action-error'
import { MainApiError } from '@/lib/portal/main-api/client'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { rememberRecipient, storedRecipient } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const schema = z.object({
  tenant: z.string().max(64),
  token: secretTokenSchema,
  widget: z.string().max(64).optional(),
})

/**
 * The recipient's confirmation link (PUT /empfaenger/bestaetigen): keeps the recipient's own token in
 * the encrypted session and goes on to the consent. A link used before does not strand the friend: see
 * the catch.
 */
export async function confirmRecipientAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = schema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'Abgelaufen' }
  const known = await storedRecipient(ctx.tenant)
  try {
    const confirmed = await confirmRecipient(apiContext(ctx), input.data.token)
    await rememberRecipient({
      tenant: ctx.tenant,
      nummer: confirmed.Empfehlungsnummer,
      hex: known?.nummer === confirmed.Empfehlungsnummer ? known.hex : '',
      email: known?.email ?? '',
      token: confirmed.Token,
      empfaengernummer: confirmed.Empfaengernummer,
    })
  } catch (error) {
    // The link opened a second time: the friend is confirmed. Where this browser knows his
    // recommendation, its page shows where he stands; otherwise the page says he is confirmed.
    if (error instanceof MainApiError && error.code === 'TokenBereitsVerwendet') {
      if (known?.nummer)
        redirect(href(ctx, 'Click', { empfehlungsnummer: known.nummer }, { widget: input.data.widget }))
      return { error: 'EmpfaengerBereitsBestaetigt' }
    }
    return actionError(error)
  }
  redirect(href(ctx, 'RecipientTOSConsent', undefined, { widget: input.data.widget }))
}

/**
 * The used confirmation link on a device that does not know the friend (POST /empfaenger/neuerlink): a
 * new link to the address he proved, which he opens here to go on.
 */
export async function renewRecipientLinkAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = schema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'Abgelaufen' }
  try {
    await renewRecipientLink(apiContext(ctx), input.data.token)
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
