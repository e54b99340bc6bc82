'use server'

import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { checkInvitationCaptcha } from '@/lib/portal/main-api/invitations'
import { MainApiError } from '@/lib/portal/main-api/client'
import { formFields } from '@/lib/portal/form-fields'
import { readInvitationForm, sendFromForm, type InvitationFormState } from '@/lib/portal/invitation-form'

/**
 * MitarbeiterEmpfehlen (SPEC §2.2, §7.1): an employee invites a customer after a conversation, without
 * an agency session: the captcha check first (PUT Einladung without a body), then PUT Einladung with the
 * payload. A refusal comes back with the form as typed, and with a captcha when the next try needs one.
 */
export async function sendEmployeeInvitationAction(
  _state: InvitationFormState,
  formData: FormData,
): Promise<InvitationFormState> {
  const form = readInvitationForm(formFields(formData))
  if ('refused' in form) return form.refused
  const api = await withClientIp(apiContext(form.ctx))
  try {
    return await sendFromForm(api, form)
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    const next = error.captchaRequired ? await checkInvitationCaptcha(api).catch(() => null) : null
    return {
      error: error.code,
      typed: form.typed,
      ...(next?.Captcha ? { captcha: { CaptchaId: next.Captcha.CaptchaId, Bild: next.Captcha.Bild } } : {}),
    }
  }
}
