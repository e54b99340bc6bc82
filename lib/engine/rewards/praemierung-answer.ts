import 'server-only'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { orders, recommendations, rewards, voucherCodes } from '@/lib/db/schema'
import {
  CHOICE_OF_KIND,
  type Praemierung,
  type RewardChoice,
  type RewardState,
} from '@/lib/contracts/praemierung'
import { maskBankAccount } from '@/lib/engine/banking/bank-data'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { maskCustomerNumber } from './mask-customer-number'
import { NEWEST_FIRST, OWN_REWARDS_LIMIT, ownRewards, ownedBy, type RewardCaller } from './own-rewards'
import { openBankDataOfReward, openCustomerNumberOfReward } from './reward-secrets'
import type { RewardRow } from './transition'

/** How the reward verbs answer a reward row (Praemierung), with what it names besides the row. */

type RewardContext = {
  /** Recommendation number, product and date of each reward's order, by order id. */
  orders: Map<string, { nummer: string; produkt: string; datum: string }>
  /** The assigned voucher of each reward, by reward id. */
  vouchers: Map<string, { code: string; anbieter: string }>
}

/** What the answers name besides the reward rows, read for all of them at once (two queries). */
export async function contextOf(db: Db, list: RewardRow[]): Promise<RewardContext> {
  const orderIds = [...new Set(list.flatMap((r) => (r.orderId ? [r.orderId] : [])))]
  const voucherIds = list.filter((r) => r.auswahl === 'Gutschein').map((r) => r.id)
  const [orderRows, voucherRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .select({
            id: orders.id,
            nummer: recommendations.nummer,
            produkt: orders.produktName,
            datum: orders.auftragsdatum,
          })
          .from(orders)
          .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
          .where(inArray(orders.id, orderIds)),
    voucherIds.length === 0
      ? []
      : db
          .select({
            rewardId: voucherCodes.rewardId,
            code: voucherCodes.code,
            anbieter: voucherCodes.anbieter,
          })
          .from(voucherCodes)
          .where(inArray(voucherCodes.rewardId, voucherIds)),
  ])
  return {
    orders: new Map(orderRows.map(({ id, ...rest }) => [id, rest])),
    vouchers: new Map(voucherRows.map(({ rewardId, ...rest }) => [rewardId!, rest])),
  }
}

/**
 * The caller's rewards (ownRewards) with what their answers name: for a logged-in caller in one
 * statement (the order, its recommendation and a chosen voucher joined to each row), for a reward
 * link's one reward as contextOf reads it.
 */
export async function ownRewardsInContext(
  db: Db,
  tenant: Tenant,
  caller: RewardCaller,
  now: Date,
): Promise<{ list: RewardRow[]; context: RewardContext }> {
  if ('rewardToken' in caller) {
    const list = await ownRewards(db, tenant, caller, now)
    return { list, context: await contextOf(db, list) }
  }
  const rows = await db
    .select({
      reward: rewards,
      nummer: recommendations.nummer,
      produkt: orders.produktName,
      datum: orders.auftragsdatum,
      code: voucherCodes.code,
      anbieter: voucherCodes.anbieter,
    })
    .from(rewards)
    .leftJoin(orders, eq(orders.id, rewards.orderId))
    .leftJoin(recommendations, eq(recommendations.id, orders.recommendationId))
    .leftJoin(voucherCodes, and(eq(voucherCodes.rewardId, rewards.id), eq(rewards.auswahl, 'Gutschein')))
    .where(ownedBy(tenant, caller.claims))
    .orderBy(...NEWEST_FIRST)
    .limit(OWN_REWARDS_LIMIT)
  const context: RewardContext = { orders: new Map(), vouchers: new Map() }
  for (const { reward, nummer, produkt, datum, code, anbieter } of rows) {
    if (reward.orderId && nummer !== null && produkt !== null && datum !== null)
      context.orders.set(reward.orderId, { nummer, produkt, datum })
    if (code !== null && anbieter !== null) context.vouchers.set(reward.id, { code, anbieter })
  }
  return { list: rows.map((r) => r.reward), context }
}

/** What can be chosen now: the tenant's kinds; a credit only for a referrer with a customer number. */
export function optionsFor(tenant: Tenant, reward: RewardRow, hasCustomerNumber: boolean): RewardChoice[] {
  if (reward.status !== 'Bereitgestellt' || reward.auswahl) return []
  return tenant.settings.RewardKinds.map((k) => CHOICE_OF_KIND[k]).filter(
    (choice) => choice !== 'Gutschrift' || (reward.beguenstigter === 'Empfehler' && hasCustomerNumber),
  )
}

export function toPraemierung(
  tenant: Tenant,
  reward: RewardRow,
  context: RewardContext,
  hasCustomerNumber: boolean,
): Praemierung {
  const order = reward.orderId ? context.orders.get(reward.orderId) : undefined
  const voucher = context.vouchers.get(reward.id)
  const iso = (d: Date | null) => d?.toISOString() ?? null
  const bank = openBankDataOfReward(reward)
  const customerNumber = openCustomerNumberOfReward(reward)
  return {
    PraemieId: reward.nummer,
    Art: reward.art as Praemierung['Art'],
    Beguenstigter: reward.beguenstigter as Praemierung['Beguenstigter'],
    WertCent: reward.wertCent,
    Status: reward.status as RewardState,
    Auswahl: (reward.auswahl as RewardChoice | null) ?? null,
    Optionen: optionsFor(tenant, reward, hasCustomerNumber),
    Empfehlungsnummer: order?.nummer ?? null,
    Produkt: order?.produkt ?? null,
    Auftragsdatum: order?.datum ?? null,
    BonusStufe: reward.bonusStufe,
    ErstelltAm: reward.createdAt.toISOString(),
    BereitgestelltAm: iso(reward.readyAt),
    AbgeholtAm: iso(reward.pickedAt),
    AusgezahltAm: iso(reward.paidAt),
    AbholbarBis: reward.status === 'Bereitgestellt' && !reward.auswahl ? iso(reward.expiresAt) : null,
    Gutschein: voucher ? { Code: voucher.code, Anbieter: voucher.anbieter } : null,
    Bankdaten: bank ? maskBankAccount(bank) : null,
    Kundennummer: customerNumber ? maskCustomerNumber(customerNumber) : null,
  }
}

/** The reward account balance: open (waiting), ready to choose, chosen with the payout to follow, paid. */
export function balance(list: Pick<RewardRow, 'status' | 'wertCent' | 'auswahl'>[]) {
  const sum = (states: string[], picked?: boolean) =>
    list
      .filter((r) => states.includes(r.status) && (picked === undefined || (r.auswahl !== null) === picked))
      .reduce((total, r) => total + r.wertCent, 0)
  return {
    OffenCent: sum(['Offen']),
    BereitCent: sum(['Bereitgestellt'], false),
    InAuszahlungCent: sum(['Bereitgestellt'], true),
    AusgezahltCent: sum(['Abgeholt', 'Ausgezahlt']),
  }
}
