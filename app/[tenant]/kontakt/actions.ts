'use server'

import { z } from 'zod'
import { createCaptcha } from '@/lib/portal/main-api/account'
import { checkContactCaptcha, sendContactRequest } from '@/lib/portal/main-api/contact'
import { apiContext, withClientIp, type ApiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { contactRequestSchema, type ContactRequest } from '@/lib/contracts/contact'
import { actionError, withNewCaptcha } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { parseTenantParam } from '@/lib/routes/href'
import { endSession, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

/** The form as the browser sends it; the contact contract decides what is valid. */
const formSchema = z.object({
  tenant: z.string().max(64),
  name: z.string().max(1000),
  email: z.string().max(1000),
  betreff: z.string().max(1000),
  nachricht: z.string().max(20000),
  // A ticked checkbox sends "on"; an unticked one sends nothing.
  datenschutz: z.literal('on').optional(),
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
})

/**
 * Sends the contact form (POST /kontakt). Before a try without a captcha solution the main API is asked
 * whether one is demanded (GET /kontakt?cmd=IsCaptchaRequired); then the picture comes first. A logged-in
 * referrer's token goes with the request; a token the API no longer accepts ends the session and the
 * request is sent without it.
 */
export async function sendContactAction(_state: FormState, formData: FormData): Promise<FormState> {
  const form = formSchema.safeParse(formFields(formData))
  const ctx = form.success ? parseTenantParam(form.data.tenant) : null
  if (!form.success || !ctx) return { error: 'UngueltigeEingabe' }
  const { name, email, betreff, nachricht, datenschutz, CaptchaId, CaptchaLoesung } = form.data
  // A shown captcha left empty still counts as a try: the API answers CaptchaRequired with a new picture.
  const solved = CaptchaId ? { CaptchaId, CaptchaLoesung: CaptchaLoesung ?? '' } : {}
  const request = contactRequestSchema.safeParse({
    Name: name,
    Email: email,
    Betreff: betreff,
    Nachricht: nachricht,
    DatenschutzAkzeptiert: datenschutz === 'on',
    ...solved,
  })
  if (!request.success) return { error: 'UngueltigeEingabe' }
  // Anonymous: send() adds the session's token for the request itself.
  const api = await withClientIp(apiContext(ctx))
  try {
    if (!('CaptchaId' in solved)) {
      const check = await checkContactCaptcha(api)
      if (check.CaptchaRequired) return { captcha: await newPicture(api) }
    }
    await send(api, request.data)
    return { ok: true }
  } catch (error) {
    // A captcha is used up by every try: while one is demanded, each refusal brings a new picture.
    if (
      error instanceof MainApiError &&
      (error.code === 'CaptchaRequired' || error.code === 'CaptchaWrong')
    ) {
      return withNewCaptcha(error.code, api)
    }
    return actionError(error)
  }
}

async function send(api: ApiContext, request: ContactRequest) {
  const session = await sessionFor(api.tenant)
  try {
    await sendContactRequest(session ? { ...api, token: session.token } : api, request)
  } catch (error) {
    if (!(session && error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    // SPEC §7.9: a refused token logs the user out; the request itself needs no login.
    await endSession()
    await sendContactRequest(api, request)
  }
}

async function newPicture(api: ApiContext) {
  const { CaptchaId, Bild } = await createCaptcha(api)
  return { CaptchaId, Bild }
}
