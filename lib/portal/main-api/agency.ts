import 'server-only'
import type { z, ZodType } from 'zod'
import {
  agencyMasterDataSchema,
  agencySsoRequestSchema,
  agencyUserSchema,
  leadReportSchema,
  newRewardPlanSchema,
  newStaffMemberSchema,
  agencyAgentSchema,
  agencyAgentsSchema,
  newAgencyAgentSchema,
  agentActiveSchema,
  staffActiveSchema,
  staffMemberSchema,
  staffSchema,
  orderReleaseSchema,
  rewardPlanSchema,
  rewardReportSchema,
  rewardPlansSchema,
  agencyOrderReportSchema,
  recommendationReportSchema,
  referrerReportSchema,
  reportRequestSchema,
  statementSchema,
  statementsSchema,
  statisticsSchema,
  verifiedAgencyTokenSchema,
  type AgencyMasterData,
  type AgencySsoRequest,
  type AgencyUser,
  type NewRewardPlan,
  type NewStaffMember,
  type AgencyAgent,
  type AgencyAgents,
  type NewAgencyAgent,
  type Staff,
  type StaffMember,
  type OrderRelease,
  type RewardPlan,
  type RewardPlans,
  type ReportRequest,
  type Statement,
  type Statements,
  type Statistics,
  type VerifiedAgencyToken,
} from '@/lib/contracts/agency'
import { mailAcceptedSchema } from '@/lib/contracts/account'
import { invitationReportSchema } from '@/lib/contracts/invitation'
import type { ApiContext, AuthContext } from './context'
import { callMainApiFile, MainApiError, type MainApiFile } from './client'
import { read, send, requestBody } from './request'

/** The agency area (SPEC §6, §7.1 agentur/*): single sign-on, the token check and the agency's views. */

/** PUT /agentur/sso: the provider's code and the PKCE verifier for an agency token. */
export function signInAgency(ctx: ApiContext, input: AgencySsoRequest): Promise<AgencyUser> {
  return send(ctx, {
    path: '/agentur/sso',
    method: 'PUT',
    body: requestBody(agencySsoRequestSchema, input),
    schema: agencyUserSchema,
  })
}

/** DELETE /agentur/sso: ends every token of the agency user. */
export function logoutAgency(ctx: AuthContext): Promise<unknown> {
  return send(ctx, { path: '/agentur/sso', method: 'DELETE', token: ctx.token, schema: mailAcceptedSchema })
}

/** GET token/verifyAgenturToken?t= */
export function verifyAgencyToken(ctx: ApiContext, token: string): Promise<VerifiedAgencyToken> {
  return read(ctx, {
    path: `/token/verifyAgenturToken?t=${encodeURIComponent(token)}`,
    schema: verifiedAgencyTokenSchema,
  })
}

/** GET /agentur/stammdaten */
export function getAgencyMasterData(ctx: AuthContext): Promise<AgencyMasterData> {
  return read(ctx, { path: '/agentur/stammdaten', token: ctx.token, schema: agencyMasterDataSchema })
}

/** The agency's reports (SPEC §7.1): each a page as JSON and the filtered list as CSV. */
export const AGENCY_REPORTS = {
  empfehler: { path: '/agentur/empfehler', csv: '/agentur/empfehler/csv', schema: referrerReportSchema },
  empfehlungen: {
    path: '/agentur/empfehlungen/liste',
    csv: '/agentur/empfehlungen/csv',
    schema: recommendationReportSchema,
  },
  leads: { path: '/agentur/leads/liste', csv: '/agentur/leads/csv', schema: leadReportSchema },
  auftraege: {
    path: '/agentur/auftraege/liste',
    csv: '/agentur/auftraege/csv',
    schema: agencyOrderReportSchema,
  },
  praemien: { path: '/agentur/praemien/liste', csv: '/agentur/praemien/csv', schema: rewardReportSchema },
  einladungen: {
    path: '/agentur/einladungen/liste',
    csv: '/agentur/einladungen/csv',
    schema: invitationReportSchema,
  },
} as const
export type AgencyReportName = keyof typeof AGENCY_REPORTS
export type AgencyReportPage<K extends AgencyReportName> = z.infer<(typeof AGENCY_REPORTS)[K]['schema']>

/**
 * A report read as its screen's address asks; a sort key the report does not have or a period it
 * refuses (an edited or outdated address: Filter.Von/Bis reversed or too long) is left out and the
 * report read again in its own order and period, instead of failing the screen.
 */
export async function inReportTerms<T>(
  request: ReportRequest,
  read: (request: ReportRequest) => Promise<T>,
): Promise<T> {
  try {
    return await read(request)
  } catch (error) {
    const refused = error instanceof MainApiError ? (error.fields ?? []).map((f) => f.Field) : []
    const order = refused.includes('OrderBy') && request.OrderBy !== undefined
    const period = refused.some((field) => field === 'Filter.Von' || field === 'Filter.Bis')
    if (!order && !period) throw error
    const filter = { ...request.Filter }
    if (period) {
      delete filter.Von
      delete filter.Bis
    }
    return read({ ...request, OrderBy: order ? undefined : request.OrderBy, Filter: filter })
  }
}

/** PUT agentur/…: one page of a report. */
export function getAgencyReport<K extends AgencyReportName>(
  ctx: AuthContext,
  name: K,
  request: ReportRequest,
): Promise<AgencyReportPage<K>> {
  const report = AGENCY_REPORTS[name]
  return send(ctx, {
    path: report.path,
    method: 'PUT',
    token: ctx.token,
    body: requestBody(reportRequestSchema, request),
    schema: report.schema as unknown as ZodType<AgencyReportPage<K>>,
  })
}

/** PUT agentur/…/csv: the filtered report as a CSV file. */
export function getAgencyReportCsv(
  ctx: AuthContext,
  name: AgencyReportName,
  request: ReportRequest,
): Promise<MainApiFile> {
  return callMainApiFile({
    path: `/${encodeURIComponent(ctx.tenant)}${AGENCY_REPORTS[name].csv}`,
    method: 'PUT',
    token: ctx.token,
    locale: ctx.locale,
    body: requestBody(reportRequestSchema, request),
  })
}

/** PUT agentur/statistik: the overview month by month. */
export function getAgencyStatistics(ctx: AuthContext, request: ReportRequest): Promise<Statistics> {
  return send(ctx, {
    path: '/agentur/statistik',
    method: 'PUT',
    token: ctx.token,
    body: requestBody(reportRequestSchema, request),
    schema: statisticsSchema,
  })
}

/** PUT agentur/auftragfreigeben/{Auftragsnummer}/{Empfehlungsnummer}: the agency user releases an order. */
export function releaseAgencyOrder(
  ctx: AuthContext,
  order: { auftragsnummer: string; empfehlungsnummer: string },
): Promise<OrderRelease> {
  return send(ctx, {
    path: `/agentur/auftragfreigeben/${encodeURIComponent(order.auftragsnummer)}/${encodeURIComponent(order.empfehlungsnummer)}`,
    method: 'PUT',
    token: ctx.token,
    schema: orderReleaseSchema,
  })
}

/** GET agentur/praemienplan: the agency's reward plans and what a plan may apply to. */
export function getRewardPlans(ctx: AuthContext): Promise<RewardPlans> {
  return read(ctx, { path: '/agentur/praemienplan', token: ctx.token, schema: rewardPlansSchema })
}

/** POST agentur/praemienplan (owners). */
export function addRewardPlan(ctx: AuthContext, plan: NewRewardPlan): Promise<RewardPlan> {
  return send(ctx, {
    path: '/agentur/praemienplan',
    method: 'POST',
    token: ctx.token,
    body: requestBody(newRewardPlanSchema, plan),
    schema: rewardPlanSchema,
  })
}

/** DELETE agentur/praemienplan/{id} (owners). */
export function deleteRewardPlan(ctx: AuthContext, id: string): Promise<RewardPlan> {
  return send(ctx, {
    path: `/agentur/praemienplan/${encodeURIComponent(id)}`,
    method: 'DELETE',
    token: ctx.token,
    schema: rewardPlanSchema,
  })
}

/** GET agentur/mitarbeiter (owner): the agency's employees. */
export function getStaff(ctx: AuthContext): Promise<Staff> {
  return read(ctx, { path: '/agentur/mitarbeiter', token: ctx.token, schema: staffSchema })
}

/** POST agentur/mitarbeiter (owner): adds an employee by e-mail address and employee number. */
export function addStaffMember(ctx: AuthContext, member: NewStaffMember): Promise<StaffMember> {
  return send(ctx, {
    path: '/agentur/mitarbeiter',
    method: 'POST',
    token: ctx.token,
    body: requestBody(newStaffMemberSchema, member),
    schema: staffMemberSchema,
  })
}

/** PUT agentur/mitarbeiter/{id} (owner): deactivates or reactivates an employee. */
export function setStaffActive(ctx: AuthContext, id: string, active: boolean): Promise<StaffMember> {
  return send(ctx, {
    path: `/agentur/mitarbeiter/${encodeURIComponent(id)}`,
    method: 'PUT',
    token: ctx.token,
    body: requestBody(staffActiveSchema, { Aktiv: active }),
    schema: staffMemberSchema,
  })
}

/** GET agentur/berater (Verwaltung): the agency's sales agents. */
export function getAgencyAgents(ctx: AuthContext): Promise<AgencyAgents> {
  return read(ctx, { path: '/agentur/berater', token: ctx.token, schema: agencyAgentsSchema })
}

/** POST agentur/berater (Verwaltung): adds a sales agent. */
export function addAgencyAgent(ctx: AuthContext, agent: NewAgencyAgent): Promise<AgencyAgent> {
  return send(ctx, {
    path: '/agentur/berater',
    method: 'POST',
    token: ctx.token,
    body: requestBody(newAgencyAgentSchema, agent),
    schema: agencyAgentSchema,
  })
}

/** PUT agentur/berater/{id} (Verwaltung): deactivates or reactivates a sales agent. */
export function setAgencyAgentActive(ctx: AuthContext, id: string, active: boolean): Promise<AgencyAgent> {
  return send(ctx, {
    path: `/agentur/berater/${encodeURIComponent(id)}`,
    method: 'PUT',
    token: ctx.token,
    body: requestBody(agentActiveSchema, { Aktiv: active }),
    schema: agencyAgentSchema,
  })
}

/** GET agentur/abrechnungen: the months of commission statements. */
export function getStatements(ctx: AuthContext): Promise<Statements> {
  return read(ctx, { path: '/agentur/abrechnungen', token: ctx.token, schema: statementsSchema })
}

/** GET agentur/abrechnungen/{Monat}: one month's commission statement. */
export function getStatement(ctx: AuthContext, month: string): Promise<Statement> {
  return read(ctx, {
    path: `/agentur/abrechnungen/${encodeURIComponent(month)}`,
    token: ctx.token,
    schema: statementSchema,
  })
}

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]

/** GET agentur/abrechnungen/{Monat}/pdf|csv: the statement as a file. */
export function getStatementFile(
  ctx: AuthContext,
  month: string,
  format: StatementFormat,
): Promise<MainApiFile> {
  return callMainApiFile({
    path: `/${encodeURIComponent(ctx.tenant)}/agentur/abrechnungen/${encodeURIComponent(month)}/${format}`,
    token: ctx.token,
    locale: ctx.locale,
  })
}
