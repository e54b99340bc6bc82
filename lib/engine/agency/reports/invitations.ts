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
    {
      key: 'ErstelltAm',
      heading: ({ t }) => t('management.invitations.columns.created'),
      value: (row, { dateTime }) => dateTime(row.ErstelltAm),
    },
    { key: 'Vorname', heading: ({ t }) => t('management.firstName') },
    { key: 'Nachname', heading: ({ t }) => t('management.lastName') },
    { key: 'Email', heading: ({ t }) => t('management.invitations.columns.email') },
    {
      key: 'Art',
      heading: ({ t }) => t('management.invitations.columns.art'),
      value: (row, { t }) => t(`management.invitations.art.${row.Art}`),
    },
    { key: 'Mitarbeiternummer', heading: ({ t }) => t('management.invitations.columns.number') },
    {
      key: 'Status',
      heading: ({ t }) => t('management.invitations.columns.status'),
      value: (row, { t }) => t(`management.invitations.states.${row.Status}`),
    },
    {
      key: 'GeoeffnetAm',
      heading: ({ t }) => t('management.invitations.columns.opened'),
      value: (row, { dateTime }) => dateTime(row.GeoeffnetAm),
    },
    {
      key: 'RegistriertAm',
      heading: ({ t }) => t('management.invitations.columns.registered'),
      value: (row, { dateTime }) => dateTime(row.RegistriertAm),
    },
    {
      key: 'EmpfohlenAm',
      heading: ({ t }) => t('management.invitations.columns.firstRecommendation'),
      value: (row, { dateTime }) => dateTime(row.EmpfohlenAm),
    },
  ],
}
