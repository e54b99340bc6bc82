import { AGENCY_VIEWS, type AgencyView } from '@/lib/shared/agency/roles'

/** The address of each agency view below /agentur (route AgencyView, SPEC §6 view names). */
export const AGENCY_VIEW_SLUGS: Record<AgencyView, string> = {
  StatistikReport: 'uebersicht',
  EmpfehlerReport: 'empfehler',
  AuftragsReport: 'auftraege',
  Praemien: 'praemien',
  Einladungstool: 'einladung',
  Verwaltung: 'verwaltung',
  Praemienplan: 'praemienplan',
  Rechnungen: 'abrechnungen',
  Stammdaten: 'stammdaten',
  Mitarbeiter: 'mitarbeiter',
}

export function agencyViewOfSlug(slug: string): AgencyView | null {
  return AGENCY_VIEWS.find((view) => AGENCY_VIEW_SLUGS[view] === slug) ?? null
}
