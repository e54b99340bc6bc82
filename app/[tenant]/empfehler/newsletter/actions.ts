'use server'

import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { confirmNewsletterSubscription, unsubscribeFromNewsletter } from '@/lib/portal/main-api/newsletter'
import { MainApiError } from '@/lib/portal/main-api/client'
import { secretTokenSchema } from '@/lib/contracts/account'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const optinSchema = z.object({ tenant: z.string().max(64), token: secretTokenSchema })

/** Second step of the double opt-in: the link from the confirmation mail. */
export async function confirmNewsletterAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = optinSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'OptinLinkAbgelaufen' }
  try {
    await confirmNewsletterSubscription(apiContext(ctx), input.data.token)
    return { ok: true }
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'TokenBereitsVerwendet')
      return { error: 'OptinAlreadySet' }
    if (error instanceof MainApiError && error.code === 'Abgelaufen') return { error: 'OptinLinkAbgelaufen' }
    return actionError(error)
  }
}

const optoutSchema = z.object({ tenant: z.string().max(64), token: z.string().max(200).optional() })

/** Unsubscribes with the mailed link's token, or the logged-in referrer without one. */
export async function unsubscribeAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = optoutSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'OptoutLinkUngueltig' }
  try {
    if (input.data.token) {
      await unsubscribeFromNewsletter(apiContext(ctx), { optoutToken: input.data.token })
    } else {
      const session = await sessionFor(ctx.tenant)
      if (!session) return { error: 'LoginFirst' }
      await unsubscribeFromNewsletter(apiContext(ctx, session))
    }
    return { ok: true }
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'NichtAuthorisiert')
      return { error: 'OptoutLinkUngueltig' }
    return actionError(error)
  }
}
