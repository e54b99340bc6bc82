'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { resolveCode } from '@/lib/portal/main-api/recipients'
import { actionErrorWithCaptcha } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { formFields } from '@/lib/portal/form-fields'

const codeSchema = z.object({
  tenant: z.string().max(64),
  widget: z.string().max(64).optional(),
  code: z.string().trim().min(1).max(20),
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
})

/**
 * Redeems a recommendation code (GET /empfehlung/empfehlungscode/{code}): on to the data entry of its
 * recommendation, or the expired page. Wrong codes are counted by the main API; once it says the next
 * try needs a captcha (the wrong code that reaches the limit already), every answer brings a fresh
 * picture.
 */
export async function redeemCodeAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = codeSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'EmpfehlungscodeUngueltig' }
  const { code, CaptchaId, CaptchaLoesung, widget } = input.data
  const api = await withClientIp(apiContext(ctx))
  let target: string
  try {
    const landing = await resolveCode(api, {
      code,
      captcha: CaptchaId && CaptchaLoesung ? { CaptchaId, CaptchaLoesung } : undefined,
    })
    target =
      landing.Status === 'Ok'
        ? href(
            ctx,
            'RecipientData',
            { empfehlungsnummer: landing.Empfehlungsnummer },
            { widget, einsprungsquelle: 'code' },
          )
        : href(ctx, 'ExpiredRecommendation', undefined, {
            widget,
            grund: landing.Status === 'Gesperrt' ? 'gesperrt' : undefined,
          })
  } catch (error) {
    return actionErrorWithCaptcha(error, api)
  }
  redirect(target)
}
