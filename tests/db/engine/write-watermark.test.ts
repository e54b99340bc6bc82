import { eq, sql } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { writesSince, writeWatermark } from '@/lib/engine/dev/dev-tools'

// The write watermark behind the generated-input suite's "a refusal changes no row" (tests/fuzz/support/
// row-check.ts): a transaction that locked a row and was rolled back takes an id but wrote nothing, and
// is not counted; one that committed is. In-process on the suite's own in-memory PGlite, where nothing
// else writes; on a shared PostgreSQL other servers' writes would be counted too.
const alone = !process.env.DATABASE_URL

afterAll(async () => {
  await closeDb()
})

;(alone ? describe : describe.skip)('the write watermark', () => {
  it('counts committed transactions since a reading, not a lock rolled back by a refusal', async () => {
    const db = await getDb()
    const before = await writeWatermark()
    await expect(
      db.transaction(async (tx) => {
        await tx.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.slug, 'demo')).for('update')
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    // The lock took an id, so the watermark moved, but nothing committed.
    expect(BigInt(await writeWatermark())).toBeGreaterThan(BigInt(before))
    expect(await writesSince(before)).toBe(0)

    await db
      .update(tenants)
      .set({ updatedAt: sql`now()` })
      .where(eq(tenants.slug, 'demo'))
    expect(await writesSince(before)).toBe(1)
    // Reads take no id.
    const after = await writeWatermark()
    await db.select().from(tenants)
    expect(await writesSince(after)).toBe(0)
  })
})
