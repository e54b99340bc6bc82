'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { apiContext } from '@/lib/portal/main-api/context'
import { sendGoodwillClaim } from '@/lib/portal/main-api/goodwill'
import { MainApiError } from '@/lib/portal/main-api/client'
import { goodwillClaimRequestSchema } from '@/lib/contracts/goodwill'
import { parseGermanDate } from '@/lib/shared/german-date'
import { actionError } from '@/lib/portal/action-error'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam } from '@/lib/routes/href'
import { endSession, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

/** The form as the browser sends it; the goodwill contract decides what is valid. */
const formSchema = z.object({
  tenant: z.string().max(64),
  widget: z.string().max(64).optional(),
  vorname: z.string().max(1000),
  nachname: z.string().max(1000),
  auftragsdatum: z.string().max(100),
  auftragsnummer: z.string().max(1000),
  empfehlung: z.string().max(100).optional(),
  nachricht: z.string().max(20000),
})

/**
 * "Prämie fehlt?" in the personal area: files the referrer's goodwill claim (POST /empfehler/kulanz),
 * then thanks on /kulanzdanke. The order date is typed as DD.MM.YYYY (SPEC §5) and sent as YYYY-MM-DD;
 * empty optional fields are left out. A refused session logs out (SPEC §7.9) and goes to login.
 */
export async function sendGoodwillClaimAction(_state: FormState, formData: FormData): Promise<FormState> {
  const form = formSchema.safeParse(formFields(formData))
  const ctx = form.success ? parseTenantParam(form.data.tenant) : null
  if (!form.success || !ctx) return { error: 'UngueltigeEingabe' }
  const { vorname, nachname, auftragsdatum, auftragsnummer, empfehlung, nachricht, widget } = form.data
  const datum = auftragsdatum.trim() ? parseGermanDate(auftragsdatum) : null
  if (auftragsdatum.trim() && !datum) return { error: 'UngueltigeEingabe' }
  const request = goodwillClaimRequestSchema.safeParse({
    VornameFreund: vorname,
    NachnameFreund: nachname,
    Auftragsdatum: datum,
    Auftragsnummer: auftragsnummer.trim() || null,
    Empfehlungsnummer: empfehlung || null,
    Nachricht: nachricht,
  })
  if (!request.success) return { error: 'UngueltigeEingabe' }
  const query = { widget }
  const session = await sessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'Login', undefined, query))
  try {
    await sendGoodwillClaim(apiContext(ctx, session), request.data)
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'PSOF0204') {
      await endSession()
      redirect(href(ctx, 'Login', undefined, query))
    }
    return actionError(error)
  }
  redirect(href(ctx, 'GoodwillThanks', undefined, query))
}
