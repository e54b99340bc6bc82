'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { logoutAgency, releaseAgencyOrder } from '@/lib/portal/main-api/agency'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { agencySessionFor, endAgencySession } from '@/lib/portal/agency-session'
import { formFields } from '@/lib/portal/form-fields'
import { href, parseTenantParam } from '@/lib/routes/href'
import { reportQuery } from '@/lib/portal/agency-report-query'
import { AGENCY_VIEW_SLUGS } from '@/lib/routes/agency-views'

const inputSchema = z.object({ tenant: z.string().max(64) })

/** Logout of the agency area: the main API ends every token of the person, the cookie goes. */
export async function agencyLogoutAction(formData: FormData) {
  const parsed = inputSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!ctx) return
  const session = await agencySessionFor(ctx.tenant)
  if (session) {
    await logoutAgency(apiContext(ctx, session)).catch((error: unknown) => {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    })
  }
  await endAgencySession()
  redirect(href(ctx, 'AgencyArea', undefined, { abgemeldet: '1' }))
}

const releaseSchema = z.object({
  tenant: z.string().max(64),
  auftrag: z.string().min(1).max(40),
  empfehlung: z.string().min(1).max(40),
  /** The order report's address query, to come back to the same page, filter and order. */
  zurueck: z.string().max(1000).default(''),
})

/**
 * Releases an order from the order report (PUT agentur/auftragfreigeben) and goes back to the same
 * page of the report, with the outcome shown above it; an ended session goes to the agency sign-in.
 */
export async function releaseOrderAction(formData: FormData) {
  const parsed = releaseSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const session = await agencySessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'AgencyArea', undefined, { fehler: 'PSOF0204' }))
  const { auftrag, empfehlung, zurueck } = parsed.data
  let outcome: string
  try {
    const release = await releaseAgencyOrder(apiContext(ctx, session), {
      auftragsnummer: auftrag,
      empfehlungsnummer: empfehlung,
    })
    outcome = release.Freigabe === 'Freigegeben' ? 'ok' : 'teilweise'
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code === 'PSOF0204') {
      await endAgencySession()
      redirect(href(ctx, 'AgencyArea', undefined, { fehler: 'PSOF0204' }))
    }
    outcome = error.code
  }
  const params = Object.fromEntries(new URLSearchParams(zurueck))
  const report = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.AuftragsReport })
  redirect(`${report}${reportQuery(params, { freigabe: outcome, auftrag })}`)
}
