'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { isCalendarDay } from '@/lib/contracts/calendar-day'
import {
  addRewardPlan,
  addAgencyAgent,
  addStaffMember,
  deleteRewardPlan,
  logoutAgency,
  releaseAgencyOrder,
  setAgencyAgentActive,
  setStaffActive,
} from '@/lib/portal/main-api/agency'
import { apiContext, withClientIp, type AuthContext } from '@/lib/portal/main-api/context'
import { readInvitationForm, sendFromForm, type InvitationFormState } from '@/lib/portal/invitation-form'
import { MainApiError } from '@/lib/portal/main-api/client'
import { agencySessionFor, endAgencySession } from '@/lib/portal/agency-session'
import { formFields } from '@/lib/portal/form-fields'
import { href, parseTenantParam } from '@/lib/routes/href'
import { reportQuery } from '@/lib/portal/agency-report-query'
import { AGENCY_VIEW_SLUGS } from '@/lib/routes/agency-views'
import { parseEuroCents } from '@/lib/shared/euro-input'
import { newAgencyAgentSchema, newStaffMemberSchema, type NewRewardPlan } from '@/lib/contracts/agency'
import type { PortalContext } from '@/lib/routes/href'

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
  const { auftrag, empfehlung, zurueck } = parsed.data
  let released = 'ok'
  const code = await agencyChange(ctx, async (api) => {
    const release = await releaseAgencyOrder(api, { auftragsnummer: auftrag, empfehlungsnummer: empfehlung })
    if (release.Freigabe !== 'Freigegeben') released = 'teilweise'
  })
  const outcome = code ?? released
  const params = Object.fromEntries(new URLSearchParams(zurueck))
  const report = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.AuftragsReport })
  redirect(`${report}${reportQuery(params, { freigabe: outcome, auftrag })}`)
}

/**
 * Runs one change of the agency area with the person's session: an ended session (none, or refused
 * by the main API) goes to the agency sign-in; an answered error code is returned for the screen.
 */
async function agencyChange(ctx: PortalContext, change: (api: AuthContext) => Promise<unknown>) {
  const session = await agencySessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'AgencyArea', undefined, { fehler: 'PSOF0204' }))
  try {
    await change(apiContext(ctx, session))
    return null
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code === 'PSOF0204') {
      await endAgencySession()
      redirect(href(ctx, 'AgencyArea', undefined, { fehler: 'PSOF0204' }))
    }
    return error.code
  }
}

const rewardPlanSchema = z.object({
  tenant: z.string().max(64),
  ziel: z.string().max(200).default(''),
  wert: z.string().max(20).default(''),
  von: z.string().max(10).default(''),
  bis: z.string().max(10).default(''),
})

/** The plan's target from the form's choice: `p:{ProduktId}` or `k:{Quelle}/{Kategorie}`. */
function targetOf(choice: string): NewRewardPlan['Ziel'] | null {
  const product = /^p:(\d{1,9})$/.exec(choice)
  if (product) return { Art: 'Produkt', ProduktId: Number(product[1]) }
  const category = /^k:([^/]{1,40})\/(.{1,60})$/.exec(choice)
  return category ? { Art: 'Kategorie', Quelle: category[1]!, Kategorie: category[2]! } : null
}

/**
 * Adds a reward plan (POST agentur/praemienplan, owners) and goes back to the plans; when it is
 * refused, the form comes back filled in as it was, with the reason above it.
 */
export async function addRewardPlanAction(formData: FormData) {
  const parsed = rewardPlanSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const { ziel, wert, von, bis } = parsed.data
  const target = targetOf(ziel)
  const cents = parseEuroCents(wert)
  const outcome = !target
    ? 'ziel'
    : cents === null
      ? 'wert'
      : !isCalendarDay(von) || (bis !== '' && !isCalendarDay(bis))
        ? 'datum'
        : await agencyChange(ctx, (api) =>
            addRewardPlan(api, { Ziel: target, WertCent: cents, Startdatum: von, Enddatum: bis || null }),
          )
  const plans = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.Praemienplan })
  const query = outcome
    ? new URLSearchParams({ ergebnis: outcome, ziel, wert, von, bis })
    : new URLSearchParams({ ergebnis: 'angelegt' })
  redirect(`${plans}?${query}`)
}

const deletePlanSchema = z.object({ tenant: z.string().max(64), plan: z.uuid() })

/** Deletes a planned or current reward plan (DELETE agentur/praemienplan/{id}, owners). */
export async function deleteRewardPlanAction(formData: FormData) {
  const parsed = deletePlanSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const plan = parsed.data.plan
  const outcome = await agencyChange(ctx, (api) => deleteRewardPlan(api, plan))
  const plans = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.Praemienplan })
  redirect(`${plans}?${new URLSearchParams({ ergebnis: outcome ?? 'geloescht' })}`)
}

const staffFormSchema = z.object({
  tenant: z.string().max(64),
  email: z.string().max(300).default(''),
  nummer: z.string().max(100).default(''),
  name: z.string().max(300).default(''),
})

/**
 * Enters an employee (POST agentur/mitarbeiter, owner) and goes back to the list; when the form's input
 * or the main API refuses, the form comes back filled in as it was, with the reason above it.
 */
export async function addStaffMemberAction(formData: FormData) {
  const parsed = staffFormSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const { email, nummer, name } = parsed.data
  const input = newStaffMemberSchema.safeParse({ Email: email, Mitarbeiternummer: nummer, Name: name })
  const field = input.success ? null : String(input.error.issues[0]?.path[0] ?? '')
  const outcome = input.success
    ? await agencyChange(ctx, (api) => addStaffMember(api, input.data))
    : field === 'Email'
      ? 'email'
      : field === 'Name'
        ? 'name'
        : 'nummer'
  const staff = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.Mitarbeiter })
  const query = outcome
    ? new URLSearchParams({ ergebnis: outcome, email, nummer, name })
    : new URLSearchParams({ ergebnis: 'angelegt' })
  redirect(`${staff}?${query}`)
}

const agentFormSchema = z.object({
  tenant: z.string().max(64),
  vorname: z.string().max(300).default(''),
  nachname: z.string().max(300).default(''),
  nummer: z.string().max(100).default(''),
  plz: z.string().max(100).default(''),
  ort: z.string().max(300).default(''),
})

const AGENT_FIELD_PROBLEMS: Record<string, string> = {
  Vorname: 'name',
  Nachname: 'name',
  ExterneId: 'nummer',
  Plz: 'plz',
  Ort: 'ort',
}

/**
 * Enters a sales agent (POST agentur/berater) and goes back to Verwaltung; when the input or the main
 * API refuses, the form comes back filled in as it was, with the reason above it.
 */
export async function addAgentAction(formData: FormData) {
  const parsed = agentFormSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const { vorname, nachname, nummer, plz, ort } = parsed.data
  const input = newAgencyAgentSchema.safeParse({
    ExterneId: nummer,
    Vorname: vorname,
    Nachname: nachname,
    Plz: plz,
    Ort: ort,
  })
  const outcome = input.success
    ? await agencyChange(ctx, (api) => addAgencyAgent(api, input.data))
    : (AGENT_FIELD_PROBLEMS[String(input.error.issues[0]?.path[0])] ?? 'nummer')
  const management = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.Verwaltung })
  const query = outcome
    ? new URLSearchParams({ ergebnis: outcome, vorname, nachname, nummer, plz, ort })
    : new URLSearchParams({ ergebnis: 'angelegt' })
  redirect(`${management}?${query}`)
}

const activeFormSchema = z.object({
  tenant: z.string().max(64),
  id: z.uuid(),
  aktiv: z.enum(['ja', 'nein']),
})

/**
 * A row's deactivate or reactivate button (components/agency/active-toggle.tsx): the change through
 * the main API, then back to the view with the outcome.
 */
async function toggleActive(
  formData: FormData,
  view: 'Mitarbeiter' | 'Verwaltung',
  change: (api: AuthContext, id: string, active: boolean) => Promise<unknown>,
) {
  const parsed = activeFormSchema.safeParse(formFields(formData))
  const ctx = parsed.success ? parseTenantParam(parsed.data.tenant) : null
  if (!parsed.success || !ctx) return
  const { id, aktiv } = parsed.data
  const outcome = await agencyChange(ctx, (api) => change(api, id, aktiv === 'ja'))
  const screen = href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS[view] })
  redirect(
    `${screen}?${new URLSearchParams({ ergebnis: outcome ?? (aktiv === 'ja' ? 'aktiviert' : 'deaktiviert') })}`,
  )
}

/** Deactivates or reactivates an employee (PUT agentur/mitarbeiter/{id}, owner). */
export async function setStaffActiveAction(formData: FormData) {
  await toggleActive(formData, 'Mitarbeiter', setStaffActive)
}

/** Deactivates or reactivates a sales agent (PUT agentur/berater/{id}). */
export async function setAgentActiveAction(formData: FormData) {
  await toggleActive(formData, 'Verwaltung', setAgencyAgentActive)
}

/**
 * Einladungstool: sends an invitation (PUT Einladung, the captcha check first) with the person's agency
 * session; an ended session goes to the agency sign-in, a refusal comes back with the form as typed.
 */
export async function sendInvitationAction(
  _state: InvitationFormState,
  formData: FormData,
): Promise<InvitationFormState> {
  const form = readInvitationForm(formFields(formData))
  if ('refused' in form) return form.refused
  let answer: InvitationFormState = {}
  const code = await agencyChange(form.ctx, async (base) => {
    answer = await sendFromForm(await withClientIp(base), form)
  })
  return code ? { error: code, typed: form.typed } : answer
}
