import 'server-only'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { payoutBatches, rewardEvents, rewards } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { sepaCreditTransferXml, toSepaText } from '@/lib/engine/banking/sepa-credit-transfer'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { log } from '@/lib/shared/log'
import type { BankAccount } from '@/lib/engine/banking/bank-data'
import { openBankDataOfReward, openCustomerNumberOfReward } from './reward-secrets'
import { readCustomerNumber } from '@/lib/engine/customer-numbers/read-customer-number'
import { payoutBatchSummary, type PayoutKind } from './payout-batch'
import type { RewardRow } from './transition'

const CHOICE: Record<PayoutKind, string> = { SEPA: 'Bargeld', Gutschrift: 'Gutschrift' }

function nextDay(today: string): string {
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * The operator exports the due payouts of a kind as one batch: every picked cash reward (SEPA credit
 * transfer file, pain.001) or every picked credit (a CSV for the provider's billing). The rewards are
 * locked and tied to the batch in one transaction, so a reward is never exported twice, also when two
 * operators export at once. Rewards whose payout data cannot be read are left out and named
 * (`Uebersprungen`), so one damaged row never holds up the others; credits whose customer number the
 * operator has not confirmed wait for a later batch (`Wartend`).
 */
export async function exportPayouts(tenant: Tenant, art: PayoutKind, clock: Clock = systemClock) {
  const now = clock()
  const account = tenant.settings.PayoutAccount
  if (art === 'SEPA' && !account) throw new ApiError('AuszahlungskontoFehlt')
  const db = await getDb()
  const batch = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(rewards)
      .where(
        and(
          eq(rewards.tenantSlug, tenant.slug),
          eq(rewards.status, 'Bereitgestellt'),
          eq(rewards.auswahl, CHOICE[art]),
          isNull(rewards.payoutBatchId),
        ),
      )
      .orderBy(asc(rewards.pickedAt), asc(rewards.nummer))
      .limit(5000)
      .for('update', { skipLocked: true })
    // A reward whose payout data cannot be read (a changed FIELD_ENCRYPTION_SECRET, a damaged row) stays
    // due and is reported, instead of stopping every other payout of the tenant.
    const opened = due.flatMap((r) => {
      const target = art === 'SEPA' ? openBankDataOfReward(r) : openCustomerNumberOfReward(r)
      return target ? [{ reward: r, target }] : []
    })
    const skipped = due.filter((r) => !opened.some((x) => x.reward.id === r.id)).map((r) => r.nummer)
    if (skipped.length > 0)
      log.error('payout data unreadable, left out of the batch', { tenant: tenant.slug, skipped })
    // A credit is booked only against a customer number the operator confirmed: one still to be
    // checked (or rejected, or replaced since the pick) waits.
    const confirmed = art === 'Gutschrift' ? await confirmedNumbers(tx, tenant, opened) : null
    const readable = confirmed
      ? opened.filter(({ reward, target }) => confirmed.get(reward.referrerId ?? '') === target)
      : opened
    const waiting = opened.filter((x) => !readable.includes(x)).map((x) => x.reward.nummer)
    if (readable.length === 0) throw new ApiError('KeineAuszahlungen')
    const first = readable[0]!.reward
    const messageId = `${art === 'SEPA' ? 'PSOE' : 'GUTS'}-${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${first.nummer}`
    const remittance = (nummer: string) =>
      toSepaText(`${tenant.settings.ProgrammName} Praemie ${nummer}`, 140)
    const datei =
      art === 'SEPA'
        ? sepaCreditTransferXml({
            messageId,
            paymentInfoId: messageId,
            createdAt: now,
            executionDate: nextDay(germanToday(now)),
            debtor: { name: account!.Name, iban: account!.IBAN, bic: account!.BIC },
            transfers: readable.map(({ reward: r, target }) => {
              const bank = target as BankAccount
              return {
                endToEndId: r.nummer,
                amountCent: r.wertCent,
                creditor: { name: bank.holder, iban: bank.iban },
                remittance: remittance(r.nummer),
              }
            }),
          })
        : [
            'PraemieId;Kundennummer;BetragCent;Verwendungszweck',
            ...readable.map(({ reward: r, target }) =>
              [r.nummer, target as string, r.wertCent, remittance(r.nummer)].join(';'),
            ),
          ].join('\r\n') + '\r\n'
    const exported = readable.map((x) => x.reward)
    const [row] = await tx
      .insert(payoutBatches)
      .values({
        tenantSlug: tenant.slug,
        art,
        messageId,
        anzahl: exported.length,
        summeCent: exported.reduce((sum, r) => sum + r.wertCent, 0),
        datei,
        createdAt: now,
      })
      .returning()
    for (const r of exported)
      await tx.update(rewards).set({ payoutBatchId: row!.id, updatedAt: now }).where(eq(rewards.id, r.id))
    await tx.insert(rewardEvents).values(
      exported.map((r) => ({
        rewardId: r.id,
        fromStatus: 'Bereitgestellt',
        toStatus: 'Bereitgestellt',
        cause: `Zur Auszahlung exportiert (${messageId})`,
        at: now,
      })),
    )
    return { row: row!, skipped, waiting }
  })
  return { ...payoutBatchSummary(batch.row), Uebersprungen: batch.skipped, Wartend: batch.waiting }
}

/** Per referrer of these credits, the customer number on file if the operator confirmed it. */
async function confirmedNumbers(tx: Db, tenant: Tenant, credits: { reward: RewardRow }[]) {
  const referrerIds = [...new Set(credits.flatMap(({ reward }) => reward.referrerId ?? []))]
  const numbers = new Map<string, string>()
  for (const referrerId of referrerIds) {
    const stored = await readCustomerNumber(tenant.slug, referrerId, tx)
    if (stored?.status === 'Bestaetigt') numbers.set(referrerId, stored.kundennummer)
  }
  return numbers
}
