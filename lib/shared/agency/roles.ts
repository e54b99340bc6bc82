/**
 * The agency roles and the views each may use (SPEC §6). The main API refuses every call of a view the
 * caller's role lacks (lib/engine/http/api-handler.ts, option `agencyView`); the agency area shows
 * only the tabs of the views the role has. No role is no access.
 */

export const AGENCY_ROLES = ['AgenturInhaber', 'AgenturInhaber_inaktiv', 'AgenturMitarbeiter'] as const
export type AgencyRole = (typeof AGENCY_ROLES)[number]

export const AGENCY_VIEWS = [
  'StatistikReport',
  'EmpfehlerReport',
  'AuftragsReport',
  'Praemien',
  'Einladungstool',
  'Verwaltung',
  'Praemienplan',
  'Rechnungen',
  'Stammdaten',
  'Mitarbeiter',
] as const
export type AgencyView = (typeof AGENCY_VIEWS)[number]

/** What every role sees: the reports, rewards and reward plans, management and master data. */
const EVERY_ROLE: readonly AgencyView[] = [
  'StatistikReport',
  'EmpfehlerReport',
  'AuftragsReport',
  'Praemien',
  'Praemienplan',
  'Verwaltung',
  'Stammdaten',
]

const VIEWS: Record<AgencyRole, readonly AgencyView[]> = {
  AgenturInhaber: [...EVERY_ROLE, 'Rechnungen', 'Einladungstool', 'Mitarbeiter'],
  AgenturInhaber_inaktiv: [...EVERY_ROLE, 'Rechnungen'],
  AgenturMitarbeiter: [...EVERY_ROLE, 'Einladungstool'],
}

/** The views of a role, in the order of AGENCY_VIEWS (the tab order). */
export function viewsOf(role: AgencyRole): AgencyView[] {
  return AGENCY_VIEWS.filter((view) => VIEWS[role].includes(view))
}

export function mayUse(role: AgencyRole, view: AgencyView): boolean {
  return VIEWS[role].includes(view)
}

/**
 * Views whose changes only some of the roles that see them may make: adding and deleting a reward plan
 * is for owners, active or inactive (SPEC §6); an employee sees the plans.
 */
const EDITORS: Partial<Record<AgencyView, readonly AgencyRole[]>> = {
  Praemienplan: ['AgenturInhaber', 'AgenturInhaber_inaktiv'],
}

/** Whether a role may change what a view shows (option `agencyEdit` of the main-API wrapper). */
export function mayEdit(role: AgencyRole, view: AgencyView): boolean {
  return mayUse(role, view) && (EDITORS[view]?.includes(role) ?? true)
}

/**
 * The one role a user has from the identity provider's role claim (a string or a list): the first of
 * AGENCY_ROLES it names, the active owner before the inactive one before the employee; null for none.
 */
export function roleFromClaim(claim: unknown): AgencyRole | null {
  const named = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : []
  return AGENCY_ROLES.find((role) => named.includes(role)) ?? null
}

export function isAgencyRole(value: unknown): value is AgencyRole {
  return typeof value === 'string' && (AGENCY_ROLES as readonly string[]).includes(value)
}
