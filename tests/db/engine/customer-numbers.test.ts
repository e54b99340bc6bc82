import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrerCustomerNumbers } from '@/lib/db/schema'
import { blindIndex, decryptField, deriveFieldKey } from '@/lib/engine/crypto/field-encryption'
import { env } from '@/lib/shared/env'
import { issueToken, readToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { getCustomerNumberResult } from '@/lib/engine/customer-numbers/get-customer-number-result'
import { readCustomerNumber } from '@/lib/engine/customer-numbers/read-customer-number'
import { reviewCustomerNumber } from '@/lib/engine/customer-numbers/review-customer-number'
import { setCustomerNumber } from '@/lib/engine/customer-numbers/set-customer-number'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { cleanUpAfterAll, createReferrer, deleteReferrer } from '../support/referrers'

// The customer number at rest (SPEC §2.2 KundenNummer): encrypted and bound to tenant and referrer, a
// blind index beside it, the reward engine's read, and deletion with the account.

let demo: Tenant
const referrerIds = cleanUpAfterAll()
const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)

async function referrer(tenant = 'demo') {
  const row = await createReferrer(await getDb(), tenant)
  referrerIds.push(row.id)
  const claims = readToken(issueToken({ ten: tenant, sub: row.id, role: 'referrer', sv: 1 }))!
  return { row, claims }
}

async function storedRow(referrerId: string) {
  const db = await getDb()
  const [row] = await db
    .select()
    .from(referrerCustomerNumbers)
    .where(eq(referrerCustomerNumbers.referrerId, referrerId))
  return row
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

it('keeps the number encrypted, bound to tenant and referrer, with a blind index per tenant', async () => {
  const { row: r, claims } = await referrer()
  const answer = await setCustomerNumber(demo, claims, '4711081542', at('2026-12-01T10:00:00Z'))
  expect(answer).toEqual({
    Kundennummer: '•••••••542',
    Status: 'Ausstehend',
    GeaendertAm: '2026-12-01T10:00:00.000Z',
  })
  const stored = await storedRow(r.id)
  expect(JSON.stringify(stored)).not.toContain('4711081542')
  expect(JSON.stringify(stored)).not.toContain('081542')
  const secret = env().FIELD_ENCRYPTION_SECRET
  const key = deriveFieldKey(secret, 'customernumber')
  expect(decryptField(stored!.kundennummerEncrypted, key, `demo:${r.id}:kundennummer`)).toBe('4711081542')
  // Copied to another referrer or tenant it does not decrypt.
  expect(() =>
    decryptField(stored!.kundennummerEncrypted, key, `demo:${randomUUID()}:kundennummer`),
  ).toThrow()
  expect(() => decryptField(stored!.kundennummerEncrypted, key, `demo-closed:${r.id}:kundennummer`)).toThrow()
  // Not even the bank data's key reads it.
  expect(() =>
    decryptField(
      stored!.kundennummerEncrypted,
      deriveFieldKey(secret, 'bankdata'),
      `demo:${r.id}:kundennummer`,
    ),
  ).toThrow()
  expect(stored!.kundennummerIndex).toBe(
    blindIndex('demo:4711081542', deriveFieldKey(secret, 'customernumber-index')),
  )
  // A fresh IV per write: the same number stored by another referrer looks different, its index the same.
  const other = await referrer()
  await setCustomerNumber(demo, other.claims, '4711081542')
  const second = await storedRow(other.row.id)
  expect(second!.kundennummerEncrypted).not.toBe(stored!.kundennummerEncrypted)
  expect(second!.kundennummerIndex).toBe(stored!.kundennummerIndex)
})

it('gives the reward engine the whole number and its state, for the referrer of that tenant only', async () => {
  const { row: r, claims } = await referrer()
  expect(await readCustomerNumber('demo', r.id)).toBeNull()
  await setCustomerNumber(demo, claims, '123456789')
  expect(await readCustomerNumber('demo', r.id)).toEqual({ kundennummer: '123456789', status: 'Ausstehend' })
  await reviewCustomerNumber(demo, { Email: r.email, Status: 'Bestaetigt', Bearbeiter: 'jest' })
  expect(await readCustomerNumber('demo', r.id)).toEqual({ kundennummer: '123456789', status: 'Bestaetigt' })
  // Asked under another tenant, the referrer has none.
  expect(await readCustomerNumber('demo-closed', r.id)).toBeNull()
  // Inside a caller's transaction it sees the transaction's own writes.
  const db = await getDb()
  await db.transaction(async (tx) => {
    await tx
      .update(referrerCustomerNumbers)
      .set({ status: 'Abgelehnt' })
      .where(eq(referrerCustomerNumbers.referrerId, r.id))
    expect(await readCustomerNumber('demo', r.id, tx)).toMatchObject({ status: 'Abgelehnt' })
  })
})

it('audits the operator’s decision without the number', async () => {
  const { row: r, claims } = await referrer()
  await setCustomerNumber(demo, claims, '987654321')
  await reviewCustomerNumber(
    demo,
    { Email: r.email, Status: 'Abgelehnt', Bearbeiter: 'jest-pruefer' },
    at('2026-12-02T08:00:00Z'),
  )
  expect(await getCustomerNumberResult(demo, claims)).toEqual({
    Kundennummer: '••••••321',
    Status: 'Abgelehnt',
    GeaendertAm: '2026-12-02T08:00:00.000Z',
  })
  const db = await getDb()
  const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, r.id))
  expect(entries).toEqual([
    expect.objectContaining({ actor: 'operator:jest-pruefer', action: 'customer_number_rejected' }),
  ])
  expect(JSON.stringify(entries)).not.toContain('987654321')
})

it('refuses tenants without credit and deletes the number with the account', async () => {
  const closed = await getTenantOrThrow('demo-closed')
  const other = await referrer('demo-closed')
  await expect(setCustomerNumber(closed, other.claims, '123456')).rejects.toMatchObject({
    code: 'NichtGefunden',
  })
  expect(await storedRow(other.row.id)).toBeUndefined()

  const { row: r, claims } = await referrer()
  await setCustomerNumber(demo, claims, '55555555')
  expect(await storedRow(r.id)).toBeDefined()
  await deleteReferrer(await getDb(), r.id)
  expect(await storedRow(r.id)).toBeUndefined()
})
