import 'server-only'
import { z } from 'zod'
import { invitationRequestSchema, type InvitationRequest } from '@/lib/contracts/invitation'
import type { CaptchaSolution } from '@/lib/portal/main-api/account'
import type { ApiContext } from '@/lib/portal/main-api/context'
import { checkInvitationCaptcha, sendInvitation } from '@/lib/portal/main-api/invitations'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam, type PortalContext } from '@/lib/routes/href'

/** What the invitation form's actions answer: besides error and captcha, to whom a sent invitation went. */
export type InvitationFormState = FormState & {
  sentTo?: string
  /** A refused form's input, to show it again as it was typed. */
  typed?: { vorname: string; nachname: string; email: string; art: string; nummer: string }
}

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

export type ReadInvitationForm =
  | { refused: InvitationFormState }
  | {
      ctx: PortalContext
      invitation: InvitationRequest
      typed: NonNullable<InvitationFormState['typed']>
      captcha?: CaptchaSolution
    }

/**
 * The invitation form (Einladungstool and MitarbeiterEmpfehlen) as the browser sent it, checked against
 * the SPEC payload before anything is sent; a refusal carries what was typed. The customer's details
 * travel only in the form's state, never in an address.
 */
export function readInvitationForm(fields: Record<string, FormDataEntryValue>): ReadInvitationForm {
  const parsed = formSchema.safeParse(fields)
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return { refused: { error: 'UngueltigeEingabe' } }
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
    return { refused: { error, typed } }
  }
  const captcha = CaptchaId && CaptchaLoesung ? { CaptchaId, CaptchaLoesung } : undefined
  return { ctx, invitation: invitation.data, typed, captcha }
}

/**
 * PUT Einladung as the SPEC has it: before a try without a solved captcha the body-less call asks
 * whether one is demanded (then the form shows it), else the invitation goes. Refusals are thrown
 * (MainApiError) for the caller's own handling.
 */
export async function sendFromForm(
  api: ApiContext,
  form: Exclude<ReadInvitationForm, { refused: InvitationFormState }>,
): Promise<InvitationFormState> {
  if (!form.captcha) {
    const check = await checkInvitationCaptcha(api)
    if (check.CaptchaRequired && check.Captcha)
      return { captcha: { CaptchaId: check.Captcha.CaptchaId, Bild: check.Captcha.Bild }, typed: form.typed }
  }
  await sendInvitation(api, { invitation: form.invitation, captcha: form.captcha })
  return { ok: true, sentTo: form.invitation.Email }
}

/** The form's texts (namespace Agency.invitation), handed to the client form with their placeholders. */
const FORM_TEXTS = [
  'formTitle',
  'consentHint',
  'art',
  'artVorOrt',
  'artTelefon',
  'firstName',
  'lastName',
  'email',
  'number',
  'numberInvalid',
  'submit',
  'sending',
  'numberOwn',
  'sent',
] as const

export function invitationFormTexts(raw: (key: (typeof FORM_TEXTS)[number]) => unknown) {
  return Object.fromEntries(FORM_TEXTS.map((key) => [key, String(raw(key))])) as Record<
    (typeof FORM_TEXTS)[number],
    string
  >
}
