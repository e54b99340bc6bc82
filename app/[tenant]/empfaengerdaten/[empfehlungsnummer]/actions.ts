'use server'

import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { createRecipient, resendRecipientConfirmation } from '@/lib/portal/main-api/recipients'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { getTranslations } from 'next-intl/server'
import { ANREDEN } from '@/lib/contracts/form-rules'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { actionError } from '@/lib/portal/action-error'
import { visitChannel } from '@/lib/portal/campaign/visit-channel'
import type { FormState } from '@/lib/portal/form-state'

/** The answer of the resend: the address the mail went to. */
export type ResendState = FormState & { sentTo?: string }
import { parseGermanDate } from '@/lib/shared/german-date'
import { parseTenantParam } from '@/lib/routes/href'
import { forgetRecipient, rememberRecipient, storedRecipient } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const field = z.string().max(200)

const formSchema = z.object({
  tenant: z.string().max(64),
  nummer: recommendationNumberSchema,
  channel: z.string().max(40).optional(),
  einsprungsquelle: z.string().max(40).optional(),
  anrede: z.enum(ANREDEN),
  vorname: field,
  name: field,
  geburtsdatum: field,
  email: field,
  telefon: field,
  werbeeinwilligung: z.literal('on').optional(),
  strasse: field,
  hausnummer: field,
  plz: field,
  ort: field,
})

/**
 * Stores the recipient's data (POST /empfaenger/create/{nr}) and remembers the recipient in the
 * encrypted session; the main API mails the confirmation link. A failed creation forgets a
 * remembered recipient (SPEC §7.9).
 */
export async function saveRecipientAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = formSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const data = input.data
  const geburtsdatum = parseGermanDate(data.geburtsdatum)
  if (!geburtsdatum) return { error: 'UngueltigeEingabe' }
  const api = apiContext(ctx)
  try {
    const config = await getTenantConfig(api)
    if (!config) return { error: 'MandantUnbekannt' }
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
    const created = await createRecipient(api, {
      nummer: data.nummer,
      recipient: {
        anrede: data.anrede,
        vorname: data.vorname,
        name: data.name,
        geburtsdatum,
        email: data.email,
        telefon: data.telefon,
        werbeeinwilligung: data.werbeeinwilligung === 'on',
        ...(data.werbeeinwilligung === 'on'
          ? { werbeeinwilligungText: t('werbung', { mandant: config.Settings.Name }) }
          : {}),
        adresse: { strasse: data.strasse, hausnummer: data.hausnummer, plz: data.plz, ort: data.ort },
      },
      channel: await visitChannel(data.channel),
      einsprungsquelle: data.einsprungsquelle,
    })
    // The same data sent again answer no marker: a browser that saved them before keeps its own
    // (a double click, a retry after a lost answer).
    const remembered = await storedRecipient(ctx.tenant)
    const email = data.email.trim()
    const own =
      remembered?.nummer === data.nummer && remembered.email.toLowerCase() === email.toLowerCase()
        ? remembered.hex
        : ''
    await rememberRecipient({
      tenant: ctx.tenant,
      nummer: data.nummer,
      hex: created.Hex ?? own,
      email,
    })
    return { ok: true }
  } catch (error) {
    await forgetRecipient()
    return actionError(error)
  }
}

const resendSchema = z.object({
  tenant: z.string().max(64),
  email: z.string().max(200).optional(),
})

/**
 * The confirmation mail again (POST /empfaenger/{hex}/bestaetigungsmail), to a corrected address when
 * one is given, for the recipient this browser saved; the session then remembers the new address.
 */
export async function resendConfirmationAction(
  _state: ResendState,
  formData: FormData,
): Promise<ResendState> {
  const input = resendSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const remembered = await storedRecipient(ctx.tenant)
  if (!remembered?.hex) return { error: 'NichtGefunden' }
  const email = input.data.email?.trim() || undefined
  try {
    const sent = await resendRecipientConfirmation(apiContext(ctx), { hex: remembered.hex, email })
    await rememberRecipient({ ...remembered, email: sent.Email })
    return { ok: true, sentTo: sent.Email }
  } catch (error) {
    return actionError(error)
  }
}
