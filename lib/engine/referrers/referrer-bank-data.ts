import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrerBankAccounts, referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { ReferrerBankData } from '@/lib/contracts/bank-data'
import type { TokenClaims } from '@/lib/engine/auth/token'
import {
  checkedIbanOrThrow,
  maskBankAccount,
  openBankAccount,
  sealBankAccount,
  type BankAccount,
} from '@/lib/engine/banking/bank-data'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { getReferrerForSession } from './get-referrer-for-session'

/**
 * The referrer's own bank account for cash rewards (EmpfehlerBankdaten, SPEC §7.3 GET, PUT, DELETE
 * /empfehler/bankdaten/), only where the tenant offers it (ModuleStoringBankdata). IBAN and holder are
 * stored encrypted and bound to tenant and referrer; answers show them masked, never in full.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const NONE: ReferrerBankData = { IBAN: null, Kontoinhaber: null, GeaendertAm: null }

/** Binds a referrer's values to tenant and account: copied to another row, they do not decrypt. */
const aad = (tenantSlug: string, referrerId: string) => `${tenantSlug}:referrer:${referrerId}`

/** Stored bank data exists only where the tenant offers it; elsewhere NichtGefunden. */
export function assertBankDataOffered(tenant: Tenant): void {
  if (!tenant.settings.ModuleStoringBankdata) throw new ApiError('NichtGefunden')
}

/** The logged-in referrer of a bank-data call, once the tenant is known to offer it. */
async function referrerOf(tenant: Tenant, claims: TokenClaims) {
  assertBankDataOffered(tenant)
  return getReferrerForSession(tenant.slug, claims)
}

async function storedRow(referrerId: string) {
  const db = await getDb()
  const [row] = await db
    .select()
    .from(referrerBankAccounts)
    .where(eq(referrerBankAccounts.referrerId, referrerId))
    .limit(1)
  return row ?? null
}

/** GET /empfehler/bankdaten/: the stored account masked, or nulls. */
export async function getReferrerBankData(tenant: Tenant, claims: TokenClaims): Promise<ReferrerBankData> {
  const referrer = await referrerOf(tenant, claims)
  const row = await storedRow(referrer.id)
  if (!row) return NONE
  return {
    ...maskBankAccount(openBankAccount(aad(tenant.slug, referrer.id), row)),
    GeaendertAm: row.updatedAt.toISOString(),
  }
}

/**
 * PUT /empfehler/bankdaten/: checks the IBAN (IbanUngueltig; IbanNichtDeutsch under ModuleIBANNurDE),
 * stores or replaces the account and answers it masked. The change is recorded in the audit log (who,
 * not what), in the same transaction: a payout account changed by a support session stays traceable.
 */
export async function saveReferrerBankData(
  tenant: Tenant,
  claims: TokenClaims,
  input: { IBAN: string; Kontoinhaber: string },
  clock: Clock = systemClock,
): Promise<ReferrerBankData> {
  const referrer = await referrerOf(tenant, claims)
  const account = { iban: checkedIbanOrThrow(tenant, input.IBAN), holder: input.Kontoinhaber }
  const values = sealBankAccount(aad(tenant.slug, referrer.id), account, clock())
  const db = await getDb()
  await db.transaction(async (tx) => {
    await tx
      .insert(referrerBankAccounts)
      .values({ referrerId: referrer.id, ...values })
      .onConflictDoUpdate({ target: referrerBankAccounts.referrerId, set: values })
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: claims.adm ? 'support' : 'referrer',
      action: 'referrer_bank_data_saved',
      subjectId: referrer.id,
    })
  })
  return { ...maskBankAccount(account), GeaendertAm: values.updatedAt.toISOString() }
}

/** DELETE /empfehler/bankdaten/: removes the account (nothing stored is no error) and answers nulls. */
export async function deleteReferrerBankData(tenant: Tenant, claims: TokenClaims): Promise<ReferrerBankData> {
  const referrer = await referrerOf(tenant, claims)
  const db = await getDb()
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(referrerBankAccounts)
      .where(eq(referrerBankAccounts.referrerId, referrer.id))
      .returning({ referrerId: referrerBankAccounts.referrerId })
    if (removed.length === 0) return
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: claims.adm ? 'support' : 'referrer',
      action: 'referrer_bank_data_deleted',
      subjectId: referrer.id,
    })
  })
  return NONE
}

/**
 * The referrer's account in full, for engine code that pays cash rewards (never for an answer); null
 * when none is stored or the referrer is not one of this tenant. Independent of ModuleStoringBankdata:
 * the module decides whether referrers manage an account here, the payout whether it uses one.
 */
export async function readReferrerBankData(
  tenantSlug: string,
  referrerId: string,
): Promise<BankAccount | null> {
  // Not an id at all: no account (and no database error about its type).
  if (!UUID.test(referrerId)) return null
  const db = await getDb()
  const [row] = await db
    .select({
      ibanEncrypted: referrerBankAccounts.ibanEncrypted,
      holderEncrypted: referrerBankAccounts.holderEncrypted,
    })
    .from(referrerBankAccounts)
    .innerJoin(referrers, eq(referrers.id, referrerBankAccounts.referrerId))
    .where(and(eq(referrerBankAccounts.referrerId, referrerId), eq(referrers.tenantSlug, tenantSlug)))
    .limit(1)
  return row ? openBankAccount(aad(tenantSlug, referrerId), row) : null
}
