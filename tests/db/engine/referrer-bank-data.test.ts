import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrerBankAccounts } from '@/lib/db/schema'
import { decryptField, FieldDecryptionError } from '@/lib/engine/crypto/field-encryption'
import { issueToken, readToken, type TokenClaims } from '@/lib/engine/auth/token'
import { bankDataKeys, maskHolder } from '@/lib/engine/banking/bank-data'
import {
  deleteReferrerBankData,
  getReferrerBankData,
  readReferrerBankData,
  saveReferrerBankData,
} from '@/lib/engine/referrers/referrer-bank-data'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { cleanUpAfterAll, createReferrer, deleteReferrer, storedBankAccount } from '../support/referrers'

// The referrer's bank data in the engine: encrypted at rest and bound to tenant and referrer, read in
// full only by readReferrerBankData (for payouts), changes recorded in the audit log.

const IBAN = 'DE89370400440532013000'
const HOLDER = 'Theo Tester'
const at = (iso: string) => () => new Date(iso)

let demo: Tenant
const referrerIds = cleanUpAfterAll()

async function referrer(options: { admin?: boolean } = {}) {
  const row = await createReferrer(await getDb(), 'demo')
  referrerIds.push(row.id)
  const claims = readToken(
    issueToken({ ten: 'demo', sub: row.id, role: 'referrer', sv: row.sessionVersion, adm: options.admin }),
  )
  return { id: row.id, claims: claims as TokenClaims }
}

const stored = async (referrerId: string) => storedBankAccount(await getDb(), referrerId)

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

it('stores the account encrypted and bound to tenant and referrer, and reads it in full only for payouts', async () => {
  const { id, claims } = await referrer()
  const saved = await saveReferrerBankData(
    demo,
    claims,
    { IBAN: 'de89 3704 0044 0532 0130 00', Kontoinhaber: HOLDER },
    at('2026-12-01T10:15:00Z'),
  )
  expect(saved).toEqual({
    IBAN: 'DE89 •••• •••• •••• ••30 00',
    Kontoinhaber: maskHolder(HOLDER),
    GeaendertAm: '2026-12-01T10:15:00.000Z',
  })
  expect(await getReferrerBankData(demo, claims)).toEqual(saved)

  const row = await stored(id)
  expect(JSON.stringify(row)).not.toContain('370400440532013000')
  expect(JSON.stringify(row)).not.toContain('Theo')
  const { data } = bankDataKeys()
  expect(decryptField(row!.ibanEncrypted, data, `demo:referrer:${id}:iban`)).toBe(IBAN)
  expect(decryptField(row!.holderEncrypted, data, `demo:referrer:${id}:holder`)).toBe(HOLDER)
  // The recipient's binding (tenant:id) is another one: a value cannot pass as the other's.
  expect(() => decryptField(row!.ibanEncrypted, data, `demo:${id}:iban`)).toThrow(FieldDecryptionError)

  expect(await readReferrerBankData('demo', id)).toEqual({ iban: IBAN, holder: HOLDER })
  expect(await readReferrerBankData('demo-closed', id)).toBeNull()
  expect(await readReferrerBankData('demo', randomUUID())).toBeNull()
  expect(await readReferrerBankData('demo', 'kein-uuid')).toBeNull()
})

it('does not decrypt an account copied into another referrer’s row', async () => {
  const first = await referrer()
  const second = await referrer()
  await saveReferrerBankData(demo, first.claims, { IBAN, Kontoinhaber: HOLDER })
  const row = (await stored(first.id))!
  const db = await getDb()
  await db.insert(referrerBankAccounts).values({ ...row, referrerId: second.id })
  await expect(readReferrerBankData('demo', second.id)).rejects.toBeInstanceOf(FieldDecryptionError)
  await expect(getReferrerBankData(demo, second.claims)).rejects.toBeInstanceOf(FieldDecryptionError)
})

it('records who changed or deleted the account, never what', async () => {
  const own = await referrer()
  await saveReferrerBankData(demo, own.claims, { IBAN, Kontoinhaber: HOLDER })
  const support = readToken(
    issueToken({ ten: 'demo', sub: own.id, role: 'referrer', sv: own.claims.sv, adm: true }),
  )!
  await saveReferrerBankData(demo, support, { IBAN: 'AT611904300234573201', Kontoinhaber: HOLDER })
  await deleteReferrerBankData(demo, own.claims)
  // Nothing to delete: nothing recorded.
  await deleteReferrerBankData(demo, own.claims)
  const db = await getDb()
  const entries = await db
    .select({ actor: auditLog.actor, action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.tenantSlug, 'demo'), eq(auditLog.subjectId, own.id)))
    .orderBy(auditLog.createdAt)
  expect(entries).toEqual([
    { actor: 'referrer', action: 'referrer_bank_data_saved', detail: {} },
    { actor: 'support', action: 'referrer_bank_data_saved', detail: {} },
    { actor: 'referrer', action: 'referrer_bank_data_deleted', detail: {} },
  ])
  expect(await stored(own.id)).toBeNull()
})

it('offers nothing where the tenant does not store bank data, and checks the IBAN as the tenant says', async () => {
  const { id, claims } = await referrer()
  const without: Tenant = { ...demo, settings: { ...demo.settings, ModuleStoringBankdata: false } }
  await expect(getReferrerBankData(without, claims)).rejects.toMatchObject({ code: 'NichtGefunden' })
  await expect(saveReferrerBankData(without, claims, { IBAN, Kontoinhaber: HOLDER })).rejects.toMatchObject({
    code: 'NichtGefunden',
  })
  await expect(deleteReferrerBankData(without, claims)).rejects.toMatchObject({ code: 'NichtGefunden' })
  const germanOnly: Tenant = { ...demo, settings: { ...demo.settings, ModuleIBANNurDE: true } }
  await expect(
    saveReferrerBankData(germanOnly, claims, { IBAN: 'AT611904300234573201', Kontoinhaber: HOLDER }),
  ).rejects.toMatchObject({ code: 'IbanNichtDeutsch', fields: [{ Field: 'IBAN', Code: 'notGerman' }] })
  await expect(
    saveReferrerBankData(demo, claims, { IBAN: 'DE89370400440532013001', Kontoinhaber: HOLDER }),
  ).rejects.toMatchObject({ code: 'IbanUngueltig', fields: [{ Field: 'IBAN', Code: 'checksum' }] })
  expect(await stored(id)).toBeNull()
})

it('goes with the account: deleting the referrer deletes the bank data', async () => {
  const { id, claims } = await referrer()
  await saveReferrerBankData(demo, claims, { IBAN, Kontoinhaber: HOLDER })
  await deleteReferrer(await getDb(), id)
  expect(await stored(id)).toBeNull()
  expect(await readReferrerBankData('demo', id)).toBeNull()
})
