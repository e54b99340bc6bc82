import 'server-only'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { recommendations, rewards } from '@/lib/db/schema'
import type { RewardReportRow } from '@/lib/contracts/agency'
import { REWARD_STATES, type RewardState } from '@/lib/contracts/praemierung'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

/**
 * agentur/praemien: the rewards earned by the agency's recommendations — for the referrer and for the
 * friend — with their amount and state, so the agency can answer a customer who asks about his reward.
 * No names or bank data: the numbers match the other reports.
 */
export const rewardReport: ReportDefinition<RewardReportRow> = {
  sortKeys: {
    ErstelltAm: rewards.createdAt,
    WertCent: rewards.wertCent,
    Status: rewards.status,
    Praemiennummer: rewards.nummer,
  },
  tieBreak: rewards.id,
  where: (agencyId, filter) =>
    and(
      eq(recommendations.agencyId, agencyId),
      inPeriod(rewards.createdAt, filter),
      filter.Agent ? eq(recommendations.agentNumber, filter.Agent) : undefined,
      filter.Suche
        ? or(eq(rewards.nummer, filter.Suche), eq(recommendations.nummer, filter.Suche))
        : undefined,
      filter.Status
        ? (REWARD_STATES as readonly string[]).includes(filter.Status)
          ? inArray(rewards.status, [filter.Status])
          : sql`false`
        : undefined,
    ),
  rows: (db, where, order, limit, offset) =>
    db
      .select({
        Praemiennummer: rewards.nummer,
        createdAt: rewards.createdAt,
        Empfehlungsnummer: recommendations.nummer,
        ProduktName: recommendations.produktName,
        Agentennummer: recommendations.agentNumber,
        Beguenstigter: rewards.beguenstigter,
        WertCent: rewards.wertCent,
        Status: rewards.status,
      })
      .from(rewards)
      .innerJoin(recommendations, eq(recommendations.id, rewards.recommendationId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((rows) =>
        rows.map(({ createdAt, ...row }) => ({
          ...row,
          ErstelltAm: createdAt.toISOString(),
          Beguenstigter: row.Beguenstigter === 'Empfaenger' ? 'Empfaenger' : 'Empfehler',
          Status: row.Status as RewardState,
        })),
      ),
  count: (db, where, cap) =>
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(rewards)
        .innerJoin(recommendations, eq(recommendations.id, rewards.recommendationId))
        .where(where)
        .limit(cap),
    ),
  columns: [
    { key: 'Praemiennummer', heading: ({ t }) => t('report.columns.rewardNumber') },
    {
      key: 'ErstelltAm',
      heading: ({ t }) => t('report.columns.rewardCreated'),
      value: (row, { dateTime }) => dateTime(row.ErstelltAm),
    },
    { key: 'Empfehlungsnummer', heading: ({ t }) => t('report.columns.recommendationNumber') },
    { key: 'ProduktName', heading: ({ t }) => t('report.columns.product') },
    { key: 'Agentennummer', heading: ({ t }) => t('report.columns.agentNumber') },
    {
      key: 'Beguenstigter',
      heading: ({ t }) => t('report.columns.beneficiary'),
      value: (row, { t }) => t(`report.beneficiaries.${row.Beguenstigter}`),
    },
    {
      key: 'WertCent',
      heading: ({ t }) => t('report.columns.rewardEuro'),
      value: (row, { euro }) => euro(row.WertCent),
    },
    {
      key: 'Status',
      heading: ({ t }) => t('report.columns.status'),
      value: (row, { t }) => t(`report.rewardStates.${row.Status}`),
    },
  ],
}
