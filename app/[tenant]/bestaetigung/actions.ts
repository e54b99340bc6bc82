'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { confirmParticipation } from '@/lib/portal/main-api/recommendations'
import { secretTokenSchema } from '@/lib/contracts/account'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { startSession } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'
import { usedLinkTarget } from '@/lib/portal/used-link'

const confirmSchema = z.object({
  tenant: z.string().max(64),
  token: secretTokenSchema,
  widget: z.string().max(64).optional(),
})

/**
 * The opt-in link of the recommendation mail (PUT /empfehler/teilnahme): confirms participation, logs
 * the referrer in and opens the share screen of the recommendation. Opened again, it never strands the
 * referrer (usedLinkTarget).
 */
export async function confirmParticipationAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = confirmSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'Abgelaufen' }
  let target: string
  try {
    const { User, Empfehlungsnummer } = await confirmParticipation(apiContext(ctx), input.data.token)
    await startSession(ctx.tenant, User)
    target = Empfehlungsnummer
      ? href(ctx, 'Confirmation', undefined, {
          empfehlung: Empfehlungsnummer,
          neu: '1',
          widget: input.data.widget,
        })
      : href(ctx, 'Dashboard', undefined, { widget: input.data.widget })
  } catch (error) {
    const onward = await usedLinkTarget(ctx, error, 'participation', input.data)
    if (onward) redirect(onward)
    return actionError(error)
  }
  redirect(target)
}
