import 'server-only'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { orders, recommendations, rewardEvents, rewards, voucherCodes } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import {
  CHOICE_OF_KIND,
  type PickRewardRequest,
  type Praemierung,
  type PraemierungDetails,
  type Praemierungen,
  type RewardChoice,
  type RewardState,
} from '@/lib/contracts/praemierung'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { checkedIbanOrThrow, maskBankAccount } from '@/lib/engine/banking/bank-data'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { storedBankData, storedCustomerNumber } from './payout-data'
import { hasStoredBankData, needsBankData } from './readiness'
import {
  openBankDataOfReward,
  openCustomerNumberOfReward,
  sealBankDataForReward,
  sealCustomerNumberForReward,
} from './reward-secrets'
import { rewardLinkToken, rewardForToken } from './reward-token'
import { sendRewardReadyMail } from './reward-mails'
import { assignVoucher } from './vouchers'
import type { RewardRow } from './transition'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'

/** Who asks: a logged-in referrer, a confirmed recipient (their token), or a reward link's token. */
export type RewardCaller = { claims: TokenClaims } | { rewardToken: string }

/**
 * The rewards the caller may see, newest first; a link token sees its one reward. With `nummer`, only
 * that reward (read by its id, not picked out of the whole list).
 */
async function ownRewards(
  db: Db,
  tenant: Tenant,
  caller: RewardCaller,
  now: Date,
  nummer?: string,
): Promise<RewardRow[]> {
  if ('rewardToken' in caller) {
    const reward = await rewardForToken(db, tenant.slug, caller.rewardToken, now)
    return nummer === undefined || reward.nummer === nummer ? [reward] : []
  }
  const { claims } = caller
  if (claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  const owner =
    claims.role === 'referrer'
      ? and(eq(rewards.referrerId, claims.sub), eq(rewards.beguenstigter, 'Empfehler'))
      : claims.role === 'recipient'
        ? and(eq(rewards.recipientId, claims.sub), eq(rewards.beguenstigter, 'Empfaenger'))
        : null
  if (!owner) throw new ApiError('NichtAuthorisiert')
  return db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.tenantSlug, tenant.slug),
        owner,
        nummer === undefined ? undefined : eq(rewards.nummer, nummer),
      ),
    )
    .orderBy(desc(rewards.createdAt), asc(rewards.nummer))
    .limit(500)
}

/** The caller's one reward of this id, or NichtGefunden. */
async function ownReward(db: Db, tenant: Tenant, caller: RewardCaller, now: Date, nummer: string) {
  const [reward] = await ownRewards(db, tenant, caller, now, nummer)
  if (!reward) throw new ApiError('NichtGefunden')
  return reward
}

type RewardContext = {
  /** Recommendation number, product and date of each reward's order, by order id. */
  orders: Map<string, { nummer: string; produkt: string; datum: string }>
  /** The assigned voucher of each reward, by reward id. */
  vouchers: Map<string, { code: string; anbieter: string }>
}

/** What the answers name besides the reward rows, read for all of them at once (two queries). */
async function contextOf(db: Db, list: RewardRow[]): Promise<RewardContext> {
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

/** What can be chosen now: the tenant's kinds; a credit only for a referrer with a customer number. */
function optionsFor(tenant: Tenant, reward: RewardRow, hasCustomerNumber: boolean): RewardChoice[] {
  if (reward.status !== 'Bereitgestellt' || reward.auswahl) return []
  return tenant.settings.RewardKinds.map((k) => CHOICE_OF_KIND[k]).filter(
    (choice) => choice !== 'Gutschrift' || (reward.beguenstigter === 'Empfehler' && hasCustomerNumber),
  )
}

function toPraemierung(
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

export function maskCustomerNumber(nr: string): string {
  return `${'•'.repeat(Math.max(0, nr.length - 3))}${nr.slice(-3)}`
}

/** The reward account balance: open (waiting), ready (ready or picked, not yet paid), paid. */
export function balance(list: Pick<RewardRow, 'status' | 'wertCent'>[]) {
  const sum = (states: string[]) =>
    list.filter((r) => states.includes(r.status)).reduce((total, r) => total + r.wertCent, 0)
  return {
    OffenCent: sum(['Offen']),
    BereitCent: sum(['Bereitgestellt']),
    AusgezahltCent: sum(['Abgeholt', 'Ausgezahlt']),
  }
}

/** GET /praemierung/: the caller's rewards with the reward account balance. */
export async function listPraemierungen(
  tenant: Tenant,
  caller: RewardCaller,
  clock: Clock = systemClock,
): Promise<Praemierungen> {
  const db = await getDb()
  const list = await ownRewards(db, tenant, caller, clock())
  const first = list[0]
  const hasCustomerNumber = first ? (await storedCustomerNumber(db, tenant, first)) !== null : false
  const context = await contextOf(db, list)
  return {
    Praemien: list.map((r) => toPraemierung(tenant, r, context, hasCustomerNumber)),
    Konto: balance(list),
    BankdatenGespeichert: first ? await hasStoredBankData(db, tenant, first) : false,
  }
}

/** GET /praemierung/?details={PraemieId}: one reward with its history. */
export async function praemierungDetails(
  tenant: Tenant,
  caller: RewardCaller,
  nummer: string,
  clock: Clock = systemClock,
): Promise<PraemierungDetails> {
  const db = await getDb()
  const reward = await ownReward(db, tenant, caller, clock(), nummer)
  const events = await db
    .select({ Status: rewardEvents.toStatus, Am: rewardEvents.at })
    .from(rewardEvents)
    .where(eq(rewardEvents.rewardId, reward.id))
    .orderBy(asc(rewardEvents.at))
  const customerNumber = await storedCustomerNumber(db, tenant, reward)
  return {
    ...toPraemierung(tenant, reward, await contextOf(db, [reward]), customerNumber !== null),
    Ereignisse: events.map((e) => ({ Status: e.Status as RewardState, Am: e.Am.toISOString() })),
    BankdatenGespeichert: await hasStoredBankData(db, tenant, reward),
    KundennummerGespeichert: customerNumber !== null,
  }
}

/**
 * PUT /praemierung/: picks a ready reward once (SPEC §4). Cash needs bank data, given with the pick or
 * stored; a credit needs the referrer's customer number; a voucher is assigned from the pool and mailed
 * (or, with the pool empty, as soon as the operator refills it). The pick is a compare-and-set on the
 * reward's row, so of two simultaneous picks exactly one succeeds; the other answers PraemieBereitsAbgeholt.
 */
export async function pickReward(
  tenant: Tenant,
  caller: RewardCaller,
  input: PickRewardRequest,
  clock: Clock = systemClock,
): Promise<PraemierungDetails> {
  const now = clock()
  const db = await getDb()
  const reward = await ownReward(db, tenant, caller, now, input.PraemieId)
  assertPickable(reward, now)
  const customerNumber = await storedCustomerNumber(db, tenant, reward)
  if (!optionsFor(tenant, reward, customerNumber !== null).includes(input.Auswahl)) {
    if (
      input.Auswahl === 'Gutschrift' &&
      tenant.settings.RewardKinds.includes('credit') &&
      reward.beguenstigter === 'Empfehler'
    )
      throw new ApiError('KundennummerErforderlich')
    throw new ApiError('AuswahlNichtMoeglich')
  }

  const set: Partial<RewardRow> = { auswahl: input.Auswahl, pickedAt: now }
  if (input.Auswahl === 'Bargeld') {
    Object.assign(set, sealBankDataForReward(reward, await bankDataForPick(db, tenant, reward, input), now))
  }
  if (input.Auswahl === 'Gutschrift')
    set.kundennummerEncrypted = sealCustomerNumberForReward(reward, customerNumber!)

  await db.transaction(async (tx) => {
    const [picked] = await tx
      .update(rewards)
      .set({ ...set, updatedAt: now })
      .where(and(eq(rewards.id, reward.id), eq(rewards.status, 'Bereitgestellt'), isNull(rewards.auswahl)))
      .returning()
    if (!picked) throw new ApiError('PraemieBereitsAbgeholt')
    await tx.insert(rewardEvents).values({
      rewardId: picked.id,
      fromStatus: 'Bereitgestellt',
      toStatus: 'Bereitgestellt',
      cause: `Ausgewählt: ${input.Auswahl}`,
      at: now,
    })
    if (input.Auswahl === 'Gutschein') await assignVoucher(tx, tenant, picked, now)
  })
  kickMailWorker()
  return praemierungDetails(tenant, caller, reward.nummer, () => now)
}

function assertPickable(reward: RewardRow, now: Date) {
  if (reward.auswahl || reward.status === 'Abgeholt' || reward.status === 'Ausgezahlt')
    throw new ApiError('PraemieBereitsAbgeholt')
  if (reward.status === 'Offen') throw new ApiError('PraemieNichtBereit')
  if (reward.status === 'Storniert') throw new ApiError('PraemieStorniert')
  if (reward.status === 'Abgelaufen' || (reward.expiresAt && reward.expiresAt <= now))
    throw new ApiError('PraemieAbgelaufen')
}

async function bankDataForPick(db: Db, tenant: Tenant, reward: RewardRow, input: PickRewardRequest) {
  if (input.Bankdaten)
    return { iban: checkedIbanOrThrow(tenant, input.Bankdaten.IBAN), holder: input.Bankdaten.Kontoinhaber }
  const stored = input.GespeicherteBankdaten ? await storedBankData(db, tenant, reward) : null
  if (!stored) throw new ApiError('BankdatenErforderlich')
  return stored
}

/**
 * GET /empfehler/praemierungmail/{PraemieId}: the referrer asks for the reward mail again (lost or
 * deleted), with the same link. Only for a ready reward not yet picked.
 */
export async function resendRewardMail(
  tenant: Tenant,
  claims: TokenClaims,
  nummer: string,
  clock: Clock = systemClock,
) {
  const now = clock()
  const db = await getDb()
  const reward = await ownReward(db, tenant, { claims }, now, nummer)
  assertPickable(reward, now)
  await db.transaction(async (tx) => {
    const token = await rewardLinkToken(tx, reward, now)
    const produkt = (await contextOf(tx, [reward])).orders.get(reward.orderId ?? '')?.produkt ?? ''
    await sendRewardReadyMail(tx, tenant, reward, {
      token,
      produkt,
      askForBankData: await needsBankData(tx, tenant, reward),
    })
  })
  kickMailWorker()
  return { Gesendet: true }
}
