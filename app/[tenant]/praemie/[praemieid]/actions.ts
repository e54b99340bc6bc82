'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { pickAward } from '@/lib/portal/main-api/rewards'
import { REWARD_CHOICES } from '@/lib/contracts/praemierung'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { sessionFor } from '@/lib/portal/session'
import { rewardLinkTokenSchema } from '@/lib/portal/reward-bearer'
import { formFields } from '@/lib/portal/form-fields'

const schema = z.object({
  tenant: z.string().max(64),
  widget: z.string().max(10).optional(),
  praemieId: z.string().regex(/^[0-9A-Z]{10}$/),
  token: rewardLinkTokenSchema.optional(),
  auswahl: z.enum(REWARD_CHOICES),
  bankQuelle: z.enum(['gespeichert', 'neu']).optional(),
  iban: z.string().max(50).optional(),
  kontoinhaber: z.string().max(140).optional(),
  speichern: z.literal('ja').optional(),
})

/**
 * PraemieDaten: PUT /praemierung/ with the reward link's token (from the mail) or the referrer's session;
 * on success on to PraemieDanke with the choice.
 */
export async function pickRewardAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = schema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const { data } = input
  const bearer = data.token ?? (await sessionFor(ctx.tenant))?.token
  if (!bearer) return { error: 'PraemieTokenUngueltig' }
  const withNewBank = data.auswahl === 'Bargeld' && data.bankQuelle !== 'gespeichert'
  const iban = data.iban?.trim() ?? ''
  const holder = data.kontoinhaber?.trim() ?? ''
  if (withNewBank && (!iban || holder.length < 2)) return { error: 'BankdatenErforderlich' }
  try {
    await pickAward(apiContext(ctx, { token: bearer }), {
      PraemieId: data.praemieId,
      Auswahl: data.auswahl,
      Bankdaten: withNewBank ? { IBAN: iban, Kontoinhaber: holder } : undefined,
      GespeicherteBankdaten: data.auswahl === 'Bargeld' && data.bankQuelle === 'gespeichert',
      BankdatenSpeichern: withNewBank && data.speichern === 'ja',
    })
  } catch (error) {
    return actionError(error)
  }
  redirect(href(ctx, 'RewardThanks', undefined, { auswahl: data.auswahl, widget: data.widget }))
}
