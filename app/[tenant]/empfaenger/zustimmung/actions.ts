'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { giveRecipientConsent } from '@/lib/portal/main-api/recipients'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const schema = z.object({ tenant: z.string().max(64), terms: z.literal('on') })

/** AGBDatenschutzZustimmung: PUT /empfaenger/zustimmung with the exact text shown, by the recipient's token. */
export async function recipientConsentAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = schema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!ctx) return { error: 'UngueltigeEingabe' }
  if (!input.success) return { error: 'AcceptAgb' }
  const recipient = await storedRecipient(ctx.tenant)
  if (!recipient?.token) return { error: 'PSOF0204' }
  try {
    const config = await getTenantConfig(ctx)
    if (!config) return { error: 'MandantUnbekannt' }
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
    await giveRecipientConsent(
      apiContext(ctx, { token: recipient.token }),
      // The text of the checkbox's label exactly as shown, without its links.
      t.markup('consentText', {
        programm: config.Settings.ProgrammName,
        mandant: config.Settings.Name,
        agb: (chunks) => chunks,
        privacy: (chunks) => chunks,
      }),
    )
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
