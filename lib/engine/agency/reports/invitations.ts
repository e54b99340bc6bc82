import 'server-only'
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { agencyInvitations } from '@/lib/db/schema'
import { INVITATION_STATES, type Invitation } from '@/lib/contracts/invitation'
import { toInvitation } from '@/lib/engine/agency/invitations/invitation-rows'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

const i = agencyInvitations

/** The rows in one state: the furthest step reached, as invitationState reads it. */
function inState(state: string): SQL | undefined {
  if (!(INVITATION_STATES as readonly string[]).includes(state)) return sql`false`
  if (state === 'Abgemeldet') return isNotNull(i.unsubscribedAt)
  const steps = [
    ['Empfohlen', i.firstRecommendationAt],
    ['Registriert', i.registeredAt],
    ['Geoeffnet', i.openedAt],
  ] as const
  const conditions: SQL[] = [isNull(i.unsubscribedAt)]
  for (const [name, column] of steps) {
    if (name === state) return and(...conditions, isNotNull(column))
    conditions.push(isNull(column))
  }
  return and(...conditions)
}

/**
 * agentur/einladungen: the agency's invitations with what became of each (Verwaltung). Suche finds an
 * e-mail address, Agent an employee number.
 */
export const invitationReport: ReportDefinition<Invitation> = {
  sortKeys: {
    ErstelltAm: i.createdAt,
    Nachname: i.nachname,
    Email: i.email,
    Mitarbeiternummer: i.employeeNumber,
  },
  tieBreak: i.id,
  where: (agencyId, filter) =>
    and(
      eq(i.agencyId, agencyId),
      inPeriod(i.createdAt, filter),
      filter.Agent ? eq(i.employeeNumber, filter.Agent) : undefined,
      filter.Suche ? eq(i.email, filter.Suche.toLowerCase()) : undefined,
      filter.Status ? inState(filter.Status) : undefined,
    ),
  rows: (db, where, order, limit, offset) =>
    db
      .select()
      .from(i)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toInvitation)),
  count: (db, where, cap) =>
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(i)
        .where(where)
        .limit(cap),
    ),
  columns: [
    { key: 'ErstelltAm', heading: { de: 'Eingeladen am', en: 'Invited on' } },
    { key: 'Vorname', heading: { de: 'Vorname', en: 'First name' } },
    { key: 'Nachname', heading: { de: 'Nachname', en: 'Last name' } },
    { key: 'Email', heading: { de: 'E-Mail', en: 'Email' } },
    { key: 'Art', heading: { de: 'Gespräch', en: 'Conversation' } },
    { key: 'Mitarbeiternummer', heading: { de: 'Mitarbeiternummer', en: 'Employee number' } },
    { key: 'Status', heading: { de: 'Status', en: 'Status' } },
    { key: 'GeoeffnetAm', heading: { de: 'Geöffnet am', en: 'Opened on' } },
    { key: 'RegistriertAm', heading: { de: 'Registriert am', en: 'Registered on' } },
    { key: 'EmpfohlenAm', heading: { de: 'Erste Empfehlung am', en: 'First recommendation on' } },
  ],
}
