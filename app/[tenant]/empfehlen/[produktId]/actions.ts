'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { checkRecommendationCaptcha, createRecommendation } from '@/lib/portal/main-api/recommendations'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { MainApiError } from '@/lib/portal/main-api/client'
import { emailSchema } from '@/lib/contracts/account'
import { agentNumberSchema } from '@/lib/contracts/agent'
import { REWARD_SHARES } from '@/lib/contracts/recommendation'
import { actionError, withNewCaptcha } from '@/lib/portal/action-error'
import { visitChannel } from '@/lib/portal/campaign/visit-channel'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { rememberOptin, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const name = z.string().trim().min(1).max(100)

/** The form as the browser sends it; a logged-in referrer's name and e-mail come from the account. */
const recommendSchema = z.object({
  tenant: z.string().max(64),
  widget: z.string().max(64).optional(),
  produkt: numericIdParam,
  berater: agentNumberSchema.optional(),
  vorname: name.optional(),
  nachname: name.optional(),
  email: emailSchema.optional(),
  anteil: z.coerce
    .number()
    .int()
    .refine((v) => (REWARD_SHARES as readonly number[]).includes(v)),
  // SPEC §5: the terms flag counts when true, 'yes' or a positive number (a checkbox sends "on").
  terms: z
    .string()
    .optional()
    .transform((v) => v !== undefined && (v === 'on' || v === 'true' || v === 'yes' || Number(v) > 0)),
  channel: z.string().max(60).optional(),
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
})

/**
 * Creates a recommendation (POST /Empfehlen/create). Before the first try the body-less call asks
 * whether a captcha is demanded; then the answer decides: shareable at once → share screen; waiting for
 * the opt-in → confirmation screen (the mail's address is kept in the encrypted session only).
 */
export async function recommendAction(_state: FormState, formData: FormData): Promise<FormState> {
  const raw = formFields(formData)
  const input = recommendSchema.safeParse(raw)
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const data = input.data
  if (!data.terms) return { error: 'AcceptAgb' }
  const session = await sessionFor(ctx.tenant)
  const api = await withClientIp(apiContext(ctx, session))
  const solved =
    data.CaptchaId && data.CaptchaLoesung
      ? { CaptchaId: data.CaptchaId, CaptchaLoesung: data.CaptchaLoesung }
      : undefined
  let target: string
  try {
    if (!solved) {
      const check = await checkRecommendationCaptcha(api)
      if (check.CaptchaRequired && check.Captcha) {
        return { captcha: { CaptchaId: check.Captcha.CaptchaId, Bild: check.Captcha.Bild } }
      }
    }
    const config = await getTenantConfig(api)
    if (!config) return { error: 'MandantUnbekannt' }
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Recommend' })
    const email = session?.user.email ?? data.email
    if (!email || (!session && (!data.vorname || !data.nachname))) return { error: 'UngueltigeEingabe' }
    const aktionen = Object.keys(raw)
      .map((key) => /^aktion-(\d{1,9})$/.exec(key)?.[1])
      .filter((id): id is string => id !== undefined)
      .map((id) => ({ AktionsId: Number(id), Zustimmung: true }))
    const recommendation = await createRecommendation(api, {
      captcha: solved,
      recommendation: {
        Empfehlung: {
          Produkt: data.produkt,
          ...(data.berater ? { AgentNumber: data.berater } : {}),
          Channel: (await visitChannel(data.channel)) ?? '',
          Empfehlungslink: true,
          AgbText: t('termsText', { programm: config.Settings.ProgrammName }),
          AnteilEmpfehler: data.anteil,
          ...(aktionen.length > 0 ? { Aktionen: aktionen } : {}),
        },
        Empfehler: {
          Vorname: session?.user.vorname ?? data.vorname ?? '',
          Nachname: session?.user.nachname ?? data.nachname ?? '',
          Email: email,
        },
      },
    })
    target = href(ctx, 'Confirmation', undefined, {
      empfehlung: recommendation.Empfehlungsnummer,
      neu: '1',
      widget: data.widget,
    })
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'OptInRequired') {
      await rememberOptin(ctx.tenant, session?.user.email ?? data.email ?? '')
      redirect(href(ctx, 'Confirmation', undefined, { widget: data.widget }))
    }
    // A captcha is used up by every try: while one is demanded, each refusal brings a new picture.
    if (
      error instanceof MainApiError &&
      (error.code === 'CaptchaRequired' || error.code === 'CaptchaWrong')
    ) {
      return withNewCaptcha(error.code, api)
    }
    return actionError(error)
  }
  redirect(target)
}
