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
    { key: 'Praemiennummer', heading: { de: 'Prämiennummer', en: 'Reward number' } },
    { key: 'ErstelltAm', heading: { de: 'Entstanden am', en: 'Created on' } },
    { key: 'Empfehlungsnummer', heading: { de: 'Empfehlungsnummer', en: 'Recommendation number' } },
    { key: 'ProduktName', heading: { de: 'Produkt', en: 'Product' } },
    { key: 'Agentennummer', heading: { de: 'Beraternummer', en: 'Agent number' } },
    { key: 'Beguenstigter', heading: { de: 'Für', en: 'For' } },
    { key: 'WertCent', heading: { de: 'Wert (Cent)', en: 'Value (cents)' } },
    { key: 'Status', heading: { de: 'Status', en: 'Status' } },
  ],
}
