import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import type { CreateRecommendationInput } from '@/lib/contracts/recommendation'
import { createRecommendationRequestSchema } from '@/lib/contracts/recommendation'
import { readToken, issueToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { cleanUpAfterAll, createReferrer, type FixtureReferrer } from '../support/referrers'

// What the engine's recommendation tests (recommendations, recommendation-opt-in) share: clocks, the
// request body, referrers of their own and their claims.

/** The demo tenant, read once the file's tests start (registerRecommendationHooks). */
export let demo: Tenant
let created: string[] = []

/** Call at the top of a test file: reads the demo tenant before its tests, cleans up after them. */
export function registerRecommendationHooks() {
  beforeAll(async () => {
    demo = await getTenantOrThrow('demo')
  })
  created = cleanUpAfterAll()
}

export const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)
export const DAY = 86_400_000
export const shift =
  (clock: Clock, ms: number): Clock =>
  () =>
    new Date(clock().getTime() + ms)

export function payload(email: string, overrides: Partial<CreateRecommendationInput['Empfehlung']> = {}) {
  return createRecommendationRequestSchema.parse({
    Empfehlung: {
      Produkt: 462,
      AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
      AnteilEmpfehler: 100,
      ...overrides,
    },
    Empfehler: { Vorname: 'Jest', Nachname: 'Engine', Email: email },
  })
}

export async function fixture(): Promise<FixtureReferrer> {
  const referrer = await createReferrer(await getDb(), 'demo')
  created.push(referrer.id)
  return referrer
}

export function claimsOf(referrer: FixtureReferrer, clock: Clock) {
  const token = issueToken(
    { ten: 'demo', sub: referrer.id, role: 'referrer', sv: referrer.sessionVersion },
    { clock },
  )
  return readToken(token, clock)!
}

export async function trackByEmail(email: string) {
  const [row] = await (await getDb()).select().from(referrers).where(eq(referrers.email, email))
  if (row) created.push(row.id)
  return row
}
