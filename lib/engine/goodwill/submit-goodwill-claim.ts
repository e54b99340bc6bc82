import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { goodwillClaims, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { GoodwillClaimAccepted, GoodwillClaimRequest } from '@/lib/contracts/goodwill'
import { GOODWILL_MAX_PER_DAY } from '@/lib/contracts/form-rules'
import { isLocale, type Locale } from '@/lib/i18n/config'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { counterKey, decide, peek, reserve } from '@/lib/engine/limits/counter'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import type { ReferrerRow } from '@/lib/engine/referrers/to-user'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { sendGoodwillMails } from './goodwill-mails'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * POST /empfehler/kulanz: a logged-in referrer's goodwill claim (a friend ordered, the reward is missing).
 * Stored together with the mail to the tenant's support and the receipt to the referrer, in one
 * transaction. A recommendation named must be the referrer's own (else NichtGefunden); an order date
 * after today is invalid input. At most GOODWILL_MAX_PER_DAY claims per referrer within 24 hours
 * (ZuVieleAnfragen), counted as every limit is (lib/engine/limits/counter.ts), so parallel requests
 * cannot pass together.
 */
export async function submitGoodwillClaim(
  tenant: Tenant,
  auth: TokenClaims,
  input: GoodwillClaimRequest,
  clock: Clock = systemClock,
): Promise<GoodwillClaimAccepted> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  const now = clock()
  if (input.Auftragsdatum && input.Auftragsdatum > germanToday(now))
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'Auftragsdatum', Code: 'too_big' }] })
  const db = await getDb()
  // Refusals that need nothing but reads come first, so a refused claim writes nothing.
  const recommendation = await ownRecommendation(db, tenant, referrer, input.Empfehlungsnummer)
  const counters = [{ key: counterKey('goodwill', referrer.id), windowMs: DAY_MS }]
  const limits = [{ captchaAfter: null, refuseAfter: GOODWILL_MAX_PER_DAY }]
  if (decide(await peek(db, tenant.slug, counters, now), limits) === 'refuse')
    throw new ApiError('ZuVieleAnfragen')
  // The claim takes its number first, so parallel claims see each other (a refusal counts nothing).
  const reservation = await reserve(db, tenant.slug, counters, now)
  try {
    if (decide(reservation.tallies, limits) === 'refuse') throw new ApiError('ZuVieleAnfragen')
    const row = await storeClaim(db, tenant, referrer, recommendation, input, now)
    await reservation.count()
    kickMailWorker()
    return { Id: row.id, ErstelltAm: row.createdAt.toISOString() }
  } finally {
    await reservation.release()
  }
}

type OwnRecommendation = { id: string; nummer: string; produktName: string }

/** The recommendation a claim names, which must be the referrer's own (else NichtGefunden). */
async function ownRecommendation(
  db: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  nummer: string | null | undefined,
): Promise<OwnRecommendation | null> {
  if (!nummer) return null
  const [own] = await db
    .select({
      id: recommendations.id,
      nummer: recommendations.nummer,
      produktName: recommendations.produktName,
    })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.tenantSlug, tenant.slug),
        eq(recommendations.referrerId, referrer.id),
        eq(recommendations.nummer, nummer),
      ),
    )
    .limit(1)
  if (!own)
    throw new ApiError('NichtGefunden', { fields: [{ Field: 'Empfehlungsnummer', Code: 'not_found' }] })
  return own
}

/** The claim with the mail to support and the receipt, in one transaction. */
async function storeClaim(
  db: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  recommendation: OwnRecommendation | null,
  input: GoodwillClaimRequest,
  now: Date,
) {
  const receiptLocale: Locale = isLocale(referrer.language) ? referrer.language : tenant.settings.Language
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(goodwillClaims)
      .values({
        tenantSlug: tenant.slug,
        referrerId: referrer.id,
        recommendationId: recommendation?.id ?? null,
        vornameFreund: input.VornameFreund,
        nameFreund: input.NachnameFreund,
        auftragsdatum: input.Auftragsdatum ?? null,
        auftragsnummer: input.Auftragsnummer ?? null,
        nachricht: input.Nachricht,
        createdAt: now,
      })
      .returning()
    await sendGoodwillMails(tx, tenant, referrer, receiptLocale, {
      vornameFreund: inserted!.vornameFreund,
      nameFreund: inserted!.nameFreund,
      auftragsdatum: inserted!.auftragsdatum,
      auftragsnummer: inserted!.auftragsnummer,
      nachricht: inserted!.nachricht,
      createdAt: now,
      recommendation,
    })
    return inserted!
  })
}
