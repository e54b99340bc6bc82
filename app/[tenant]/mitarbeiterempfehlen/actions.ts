'use server'

import { z } from 'zod'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { checkInvitationCaptcha, sendInvitation } from '@/lib/portal/main-api/invitations'
import { MainApiError } from '@/lib/portal/main-api/client'
import { formFields } from '@/lib/portal/form-fields'
import { parseTenantParam } from '@/lib/routes/href'
import { invitationRequestSchema } from '@/lib/contracts/invitation'
import type { InvitationFormState } from '@/components/agency/invitation-form'

const formSchema = z.object({
  tenant: z.string().max(64),
  vorname: z.string().max(300).default(''),
  nachname: z.string().max(300).default(''),
  email: z.string().max(300).default(''),
  art: z.string().max(20).default(''),
  nummer: z.string().max(100).default(''),
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
})

/**
 * MitarbeiterEmpfehlen (SPEC §2.2, §7.1): an employee invites a customer after a conversation. The
 * captcha check first (PUT Einladung without a body), then PUT Einladung with the payload; the form's
 * state says to whom the invitation went, or why not, and keeps what was typed when refused.
 */
export async function sendEmployeeInvitationAction(
  _state: InvitationFormState,
  formData: FormData,
): Promise<InvitationFormState> {
  const parsed = formSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return { error: 'UngueltigeEingabe' }
  const { vorname, nachname, email, art, nummer, CaptchaId, CaptchaLoesung } = parsed.data
  const typed = { vorname, nachname, email, art, nummer }
  const invitation = invitationRequestSchema.safeParse({
    Vorname: vorname,
    Nachname: nachname,
    Email: email,
    Art: art,
    Mitarbeiternummer: nummer,
  })
  if (!invitation.success) {
    const field = String(invitation.error.issues[0]?.path[0] ?? '')
    const error =
      field === 'Email'
        ? 'EmailUngueltig'
        : field === 'Mitarbeiternummer'
          ? 'MitarbeiternummerUnbekannt'
          : 'UngueltigeEingabe'
    return { error, typed }
  }
  const api = await withClientIp(apiContext(ctx))
  const captcha = CaptchaId && CaptchaLoesung ? { CaptchaId, CaptchaLoesung } : undefined
  try {
    if (!captcha) {
      const check = await checkInvitationCaptcha(api)
      if (check.CaptchaRequired && check.Captcha)
        return { captcha: { CaptchaId: check.Captcha.CaptchaId, Bild: check.Captcha.Bild }, typed }
    }
    await sendInvitation(api, { invitation: invitation.data, captcha })
    return { ok: true, sentTo: invitation.data.Email }
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    const next = error.captchaRequired ? await checkInvitationCaptcha(api).catch(() => null) : null
    return {
      error: error.code,
      typed,
      ...(next?.Captcha ? { captcha: { CaptchaId: next.Captcha.CaptchaId, Bild: next.Captcha.Bild } } : {}),
    }
  }
}
