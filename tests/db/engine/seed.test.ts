import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { closeDb, getDb, getHandle } from '@/lib/engine/db'
import { productCategories, productRewards, products, referrers, tenants } from '@/lib/db/schema'
import { verifyPassword } from '@/lib/engine/auth/password'
import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { DEMO_CATEGORIES, DEMO_REFERRERS, DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { getTenant, getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import { listCategories } from '@/lib/engine/tenants/list-categories'
import { seedDemoTenants } from '@/lib/engine/tenants/seed-demo-tenants'
import { seedReferrerHistory } from '@/lib/engine/tenants/seed-demo-referrer-history'
import { ApiError } from '@/lib/shared/errors'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { issueToken, readToken } from '@/lib/engine/auth/token'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { listPraemierungen } from '@/lib/engine/rewards/list-praemierungen'
import { praemierungDetails } from '@/lib/engine/rewards/praemierung-details'

// In-memory PGlite (tests/db/support/setup-env.ts), or the shared PostgreSQL of DATABASE_URL: every
// assertion is about the demo rows only, never about row counts of the whole database.

const DEMO_SLUGS = DEMO_TENANTS.map((t) => t.slug)

async function demoSnapshot() {
  const db = await getDb()
  return {
    tenants: await db
      .select()
      .from(tenants)
      .where(inArray(tenants.slug, DEMO_SLUGS))
      .orderBy(asc(tenants.slug)),
    categories: await db
      .select()
      .from(productCategories)
      .where(inArray(productCategories.tenantSlug, DEMO_SLUGS))
      .orderBy(asc(productCategories.tenantSlug), asc(productCategories.id)),
    referrers: await db
      .select({
        id: referrers.id,
        email: referrers.email,
        passwordHash: referrers.passwordHash,
        tenantSlug: referrers.tenantSlug,
      })
      .from(referrers)
      .where(
        inArray(
          referrers.email,
          Object.values(DEMO_REFERRERS).map((r) => r.email),
        ),
      )
      .orderBy(asc(referrers.email)),
  }
}

afterAll(async () => {
  await closeDb()
})

describe('opening the database', () => {
  it('uses PostgreSQL when DATABASE_URL is set and PGlite otherwise', async () => {
    const handle = await getHandle()
    expect(handle.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite')
  })

  it('applies every migration of lib/db/migrations', async () => {
    const db = await getDb()
    const journal = JSON.parse(
      readFileSync(path.resolve('lib/db/migrations/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[]
    }
    const applied = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)
    const rows = (Array.isArray(applied) ? applied : (applied as { rows: { n: number }[] }).rows) as {
      n: number
    }[]
    expect(rows[0]!.n).toBeGreaterThanOrEqual(journal.entries.length)
    const tables = await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    )
    const names = (
      (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows) as { table_name: string }[]
    ).map((r) => r.table_name)
    expect(names).toEqual(expect.arrayContaining(['tenants', 'product_categories', 'referrers']))
  })
})

describe('demo seeding', () => {
  it('creates both demo tenants with settings that parse', async () => {
    const { tenants: rows } = await demoSnapshot()
    expect(rows.map((r) => r.slug)).toEqual(['demo', 'demo-closed'])
    for (const row of rows) {
      const parsed = tenantSettingsSchema.safeParse(row.settings)
      expect(parsed.success).toBe(true)
    }
  })

  it('creates the categories of each demo tenant in their order', async () => {
    for (const slug of DEMO_SLUGS) {
      const tenant = await getTenantOrThrow(slug)
      const categories = await listCategories(tenant, 'de')
      const expected = DEMO_CATEGORIES[slug]!
      expect(categories.map((c) => [c.Id, c.Slug, c.Name, c.Sortierung])).toEqual(
        expected.map((c) => [c.id, c.slug, c.name, c.sortierung]),
      )
      const english = await listCategories(tenant, 'en')
      expect(english.map((c) => c.Name)).toEqual(expected.map((c) => c.nameEn))
    }
  })

  it('creates the demo referrers with argon2id hashes of the documented password', async () => {
    const db = await getDb()
    for (const [slug, demo] of Object.entries(DEMO_REFERRERS)) {
      const [row] = await db
        .select()
        .from(referrers)
        .where(and(eq(referrers.tenantSlug, slug), eq(referrers.email, demo.email)))
      expect(row).toBeDefined()
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
      expect(row!.passwordHash).not.toContain(demo.password)
      expect(await verifyPassword(row!.passwordHash, demo.password)).toBe(true)
      expect(await verifyPassword(row!.passwordHash, `${demo.password}x`)).toBe(false)
    }
  })

  it('creates the demo catalogue of each demo tenant with its reward periods, once', async () => {
    const db = await getDb()
    for (const slug of DEMO_SLUGS) {
      const expected = demoCatalog(slug, new Date())
      const rows = await db.select().from(products).where(eq(products.tenantSlug, slug))
      expect(rows.map((r) => r.id).sort()).toEqual(expected.map((p) => p.id).sort())
      const rewards = await db.select().from(productRewards).where(eq(productRewards.tenantSlug, slug))
      expect(rewards).toHaveLength(expected.reduce((n, p) => n + p.rewards.length, 0))
    }
    await seedDemoTenants(db)
    const again = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.tenantSlug, DEMO_SLUGS))
    expect(again).toHaveLength(DEMO_SLUGS.reduce((n, slug) => n + demoCatalog(slug, new Date()).length, 0))
  })

  it('gives a referrer a history with a recommendation in every state (the demo referrers get it once)', async () => {
    const db = await getDb()
    // A referrer of its own: the demo referrers' history in a shared database has lived on since it was
    // seeded (jobs, other tests), while the seeding is what is tested here.
    for (const slug of Object.keys(DEMO_REFERRERS)) {
      const tenant = await getTenantOrThrow(slug)
      const [row] = await db
        .insert(referrers)
        .values({
          tenantSlug: slug,
          email: `seed-${randomUUID()}@example.org`,
          anrede: 'Frau',
          vorname: 'Gesa',
          nachname: 'Geschichte',
          language: 'de',
        })
        .returning()
      await seedReferrerHistory(db, row!, new Date())
      const claims = readToken(
        issueToken({ ten: slug, sub: row!.id, role: 'referrer', sv: row!.sessionVersion }),
      )!
      const list = await listRecommendations(tenant, claims)
      const texts = new Set(list.map((r) => r.Statusleiste!.Text))
      for (const text of [
        'nichtReagiert',
        'linkGeoeffnet',
        'datenEingegeben',
        'zurBestellung',
        'inBearbeitung',
        'vertragAbgeschlossen',
        'keinVertrag',
        'praemieAusgezahlt',
        'abgelaufen',
      ] as const)
        expect(texts).toContain(text)
      // Two rewards ready to collect: to pick (cash or voucher) or, with cash only and no bank data
      // stored (demo-closed), after entering bank data.
      const ready = list.filter((r) => r.Praemierung?.Status === 'Bereitgestellt')
      expect(ready).toHaveLength(2)
      const own = await listPraemierungen(tenant, { claims })
      expect(own.Konto.BereitCent).toBeGreaterThan(0)
      expect(own.Konto.AusgezahltCent).toBeGreaterThan(0)
      expect(own.Konto.OffenCent).toBeGreaterThan(0)
      // The list reads order and voucher with the rewards in one statement; each reward says the same
      // as its details, which read them apart; the voucher paid out names its code.
      for (const listed of own.Praemien)
        expect(await praemierungDetails(tenant, { claims }, listed.PraemieId)).toMatchObject(listed)
      expect(own.Praemien.filter((p) => p.Empfehlungsnummer && p.Produkt && p.Auftragsdatum)).toHaveLength(
        own.Praemien.length,
      )
      if (tenant.settings.RewardKinds.includes('voucher'))
        expect(own.Praemien.find((p) => p.Auswahl === 'Gutschein')!.Gutschein).toEqual({
          Code: expect.any(String),
          Anbieter: expect.any(String),
        })
    }
    // The demo referrers have theirs (or a history of their own use); seeding again adds nothing.
    for (const [slug, demo] of Object.entries(DEMO_REFERRERS)) {
      const tenant = await getTenantOrThrow(slug)
      const [row] = await db
        .select()
        .from(referrers)
        .where(and(eq(referrers.tenantSlug, slug), eq(referrers.email, demo.email)))
      const claims = readToken(
        issueToken({ ten: slug, sub: row!.id, role: 'referrer', sv: row!.sessionVersion }),
      )!
      const before = (await listRecommendations(tenant, claims)).length
      expect(before).toBeGreaterThan(0)
      await seedDemoTenants(db)
      expect(await listRecommendations(tenant, claims)).toHaveLength(before)
    }
  })

  it('changes nothing when it runs again', async () => {
    const before = await demoSnapshot()
    await seedDemoTenants(await getDb())
    await seedDemoTenants(await getDb())
    expect(await demoSnapshot()).toEqual(before)
  })
})

describe('getTenant', () => {
  it('reads a tenant with parsed settings', async () => {
    const tenant = await getTenant('demo-closed')
    expect(tenant?.slug).toBe('demo-closed')
    expect(tenant?.settings.ModuleErzwingeLogin).toBe(true)
    expect(tenant?.settings.Limits.RecommendationValidityDays).toBe(60)
  })

  it('knows no unknown, malformed or reserved slug', async () => {
    for (const slug of ['gibt-es-nicht', 'DEMO', 'api', "demo' OR '1'='1", '', 'd']) {
      expect(await getTenant(slug)).toBeNull()
    }
    await expect(getTenantOrThrow('gibt-es-nicht')).rejects.toEqual(new ApiError('MandantUnbekannt'))
    await expect(getTenantOrThrow('gibt-es-nicht')).rejects.toMatchObject({
      code: 'MandantUnbekannt',
      status: 404,
    })
  })
})

it('adds settings the demo gained to a demo tenant stored by an older version, keeping edited values', async () => {
  const db = await getDb()
  const [before] = await db.select().from(tenants).where(eq(tenants.slug, 'demo'))
  const stored = { ...(before!.settings as Record<string, unknown>) }
  try {
    const older: Record<string, unknown> = { ...stored, Name: 'Lumenta Telekom (bearbeitet)' }
    delete older.BestellUrl
    await db.update(tenants).set({ settings: older }).where(eq(tenants.slug, 'demo'))
    await seedDemoTenants(db)
    const [after] = await db.select().from(tenants).where(eq(tenants.slug, 'demo'))
    const settings = after!.settings as Record<string, unknown>
    expect(settings.BestellUrl).toBe(tenantSettingsSchema.parse(DEMO_TENANTS[0]!.settings).BestellUrl)
    expect(settings.Name).toBe('Lumenta Telekom (bearbeitet)')
  } finally {
    await db.update(tenants).set({ settings: stored }).where(eq(tenants.slug, 'demo'))
  }
})
