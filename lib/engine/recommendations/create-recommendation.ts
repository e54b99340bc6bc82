import 'server-only'
import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { plannedReward } from '@/lib/engine/agency/reward-plans/plan-in-force'
import { agencyOfAgentNumber, answeredAgency } from '@/lib/engine/agency/attribution'
import { noteRecommendationOfInvited } from '@/lib/engine/agency/invitations/invitation-progress'
import { recommendations, referrerConsents, referrers } from '@/lib/db/schema'
import { columnsOf, insertRows, rowsOf } from '@/lib/db/plain-statements'
import { inOrder } from '@/lib/db/in-order'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { productName } from '@/lib/shared/catalog/product-name'
import { rewardPeriods, germanToday } from '@/lib/shared/catalog/reward-periods'
import type { CreateRecommendationRequest, Recommendation } from '@/lib/contracts/recommendation'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { findProduct } from '@/lib/engine/catalog/product-source'
import { listActiveCampaigns } from '@/lib/engine/catalog/list-active-campaigns'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { mailInsert } from '@/lib/engine/mail/enqueue-mail'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isAllowedEmail, isExcludedEmail } from '@/lib/engine/referrers/excluded-email'
import { findReferrerByEmail } from '@/lib/engine/referrers/find-referrer'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { assertMayLogIn } from '@/lib/engine/referrers/start-referrer-session'
import { normalizeEmail, type ReferrerRow } from '@/lib/engine/referrers/to-user'
import { recordAccountMail } from '@/lib/engine/referrers/account-mail-limit'
import { newOfflineCode, newRecommendationHex, newRecommendationNumber } from './recommendation-codes'
import { makeWayForRecommendation, openRecommendationsOf } from './pending-opt-in'
import { recommendationCreatedMail, sendParticipationMail } from './recommendation-mails'
import { toRecommendation, type RecommendationRow } from './to-recommendation'
import { clientKey, velocityCounters } from './velocity'
import { decide, enforceLimits, peek, reserve, type LimitDecision } from '@/lib/engine/limits/counter'

type Options = {
  locale: Locale
  /** Claims of a logged-in referrer (their account data wins over the payload's Empfehler). */
  auth: TokenClaims | null
  ip: string | null
  captcha?: { CaptchaId?: string; CaptchaLoesung?: string }
  clock?: Clock
}

/** Whether the e-mail is proven to be the referrer's: a mailed link was used, or a password set by one. */
export function isConfirmed(referrer: Pick<ReferrerRow, 'confirmedAt' | 'passwordHash'>): boolean {
  return referrer.confirmedAt !== null || referrer.passwordHash !== null
}

export function termsVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/**
 * POST /Empfehlen/create without a body: whether the next recommendation from this client (and, when
 * logged in, this referrer) needs a captcha. The limits are the tenant's RecommendationLimits.
 */
export async function checkRecommendationCaptcha(
  tenant: Tenant,
  args: { auth: TokenClaims | null; ip: string | null; clock?: Clock },
): Promise<LimitDecision> {
  const db = await getDb()
  const referrer = args.auth ? await getReferrerForSession(tenant.slug, args.auth) : null
  const { counters, limits } = velocityCounters(tenant.settings, {
    email: referrer?.email ?? null,
    ip: args.ip,
  })
  return decide(await peek(db, tenant.slug, counters, (args.clock ?? systemClock)()), limits)
}

/**
 * POST /Empfehlen/create with the SPEC §3 payload. Registers the referrer on the first recommendation
 * (free of charge, no password), applies the eligibility rules and the velocity limits, and records the
 * reward period in force, the accepted terms and the campaign decisions.
 *
 * A logged-in referrer whose e-mail is confirmed goes straight on: the recommendation is shareable at
 * once and its link is mailed. Everyone else gets a mail to confirm participation and the answer
 * OptInRequired (the recommendation exists, but is shareable only after the confirmation link). Until
 * then it waits only as long as the link works and never blocks the owner of the e-mail
 * (lib/engine/recommendations/pending-opt-in.ts).
 */
export async function createRecommendation(
  tenant: Tenant,
  input: CreateRecommendationRequest,
  options: Options,
): Promise<Recommendation> {
  const clock = options.clock ?? systemClock
  const now = clock()
  const settings = tenant.settings
  const agbText = input.Empfehlung.AgbText?.trim()
  if (!agbText) throw new ApiError('AcceptAgb')

  const sessionReferrer = options.auth ? await getReferrerForSession(tenant.slug, options.auth) : null
  const email = sessionReferrer?.email ?? normalizeEmail(input.Empfehler.Email)
  if (isExcludedEmail(settings, email)) throw new ApiError('KontoGesperrtWildcard')
  if (!isAllowedEmail(settings, email)) throw new ApiError('EmailNotAllowed')
  const recipientEmail = input.Empfaenger?.Email
  if (recipientEmail && normalizeEmail(recipientEmail) === email && !settings.AllowSelfRecommendation)
    throw new ApiError('EmailEmpfehlerGleichEmpfaenger')
  if (!(settings.RewardShareOptions as number[]).includes(input.Empfehlung.AnteilEmpfehler))
    throw new ApiError('UngueltigeEingabe', {
      fields: [{ Field: 'Empfehlung.AnteilEmpfehler', Code: 'option' }],
    })

  const product = await findProduct(tenant, options.locale, { id: input.Empfehlung.Produkt })
  const { current: reward } = rewardPeriods(product.Praemien, germanToday(now))
  const campaigns = await campaignDecisions(tenant, options.locale, input, clock)

  const db = await getDb()
  const known = sessionReferrer ?? (await findReferrerByEmail(db, tenant.slug, email))
  if (known) assertMayLogIn(tenant, known)

  const key = clientKey(options.ip)
  // The recommendation takes its numbers first: parallel requests see each other (a refusal counts nothing).
  const velocity = velocityCounters(settings, { email, ip: options.ip })
  const reservation = await reserve(db, tenant.slug, velocity.counters, now)
  let result: RecommendationRow
  const straightOn = sessionReferrer !== null && isConfirmed(sessionReferrer)
  try {
    await enforceLimits(db, {
      tenantSlug: tenant.slug,
      tallies: reservation.tallies,
      limits: velocity.limits,
      captcha: { id: options.captcha?.CaptchaId, answer: options.captcha?.CaptchaLoesung },
      clock,
    })
    result = await withFreeNumbers(() =>
      db.transaction(async (tx) => {
        const agentNumber = input.Empfehlung.AgentNumber || input.Empfehlung.Agentennummer || null
        // The referrer's row (made on the first recommendation) is locked first; the statements after
        // it go out with it and read under that lock. Each names the referrer by the row as it finds it
        // (none, should the account have been deleted meanwhile: then PSOF0204 below).
        const referrerId = sql`(${referrerIdOf(tenant.slug, sessionReferrer?.id ?? null, email)})`
        const [, locked, open, invited, agent] = await inOrder(tx, [
          sessionReferrer ? null : newReferrer(tenant.slug, email, input, options.locale, now),
          sql`select ${columnsOf(referrers)} from referrers where id = ${referrerId} limit 1 for update`,
          openRecommendationsOf({ referrerId, produktId: product.Id, now }),
          noteRecommendationOfInvited({ tenantSlug: tenant.slug, email, referrerId, now }),
          agentNumber ? agencyOfAgentNumber(tenant.slug, agentNumber) : null,
        ])
        const [referrer] = rowsOf(referrers, locked)
        if (!referrer) throw new ApiError('PSOF0204')
        if (!sessionReferrer) assertMayLogIn(tenant, referrer)
        await makeWayForRecommendation(tx, open, { owner: straightOn, clientKey: key })
        const agencyId = (agent ? answeredAgency(agent) : null) ?? answeredAgency(invited)
        // An agency's recommendation earns the reward of the agency's plan in force, if it has one.
        const promised = (agencyId && (await plannedReward(tx, agencyId, product, now))) || reward
        const validUntil = new Date(now.getTime() + settings.Limits.RecommendationValidityDays * 86_400_000)
        const values = {
          tenantSlug: tenant.slug,
          referrerId: referrer.id,
          code: settings.ModuleErstelleOfflineEmpfehlungCode ? newOfflineCode() : null,
          nummer: newRecommendationNumber(),
          hex: newRecommendationHex(),
          produktId: product.Id,
          produktName: productName(product),
          anteilEmpfehler: input.Empfehlung.AnteilEmpfehler,
          praemieWertCent: promised?.WertCent ?? null,
          praemieStartdatum: promised?.Startdatum ?? null,
          praemieEnddatum: promised?.Enddatum ?? null,
          channel: input.Empfehlung.Channel ?? '',
          agentNumber,
          agencyId,
          empfaenger: input.Empfaenger ?? null,
          clientKey: key,
          createdAt: now,
          activatedAt: straightOn ? now : null,
          expiresAt: straightOn ? validUntil : null,
        }
        // One statement writes the recommendation, the consents and the mail with its link.
        const consents = insertRows(referrerConsents, [
          {
            referrerId: referrer.id,
            kind: 'terms',
            action: 'accepted',
            textVersion: termsVersion(agbText),
            text: agbText,
            createdAt: now,
          },
          ...campaigns.map((c) => ({
            referrerId: referrer.id,
            kind: `campaign:${c.AktionsId}`,
            action: c.Zustimmung ? 'accepted' : 'declined',
            textVersion: termsVersion(c.RechtsText),
            text: c.RechtsText,
            createdAt: now,
          })),
        ])
        const mail = straightOn
          ? sql`, mail as (${mailInsert(recommendationCreatedMail(tenant, referrer, values))})`
          : sql.empty()
        const inserted = await tx.execute(
          sql`with consents as (${consents})${mail}
            ${insertRows(recommendations, [values])} on conflict do nothing returning ${columnsOf(recommendations)}`,
        )
        const [row] = rowsOf(recommendations, inserted)
        if (!row) throw new NumberTaken()
        if (!straightOn) {
          await sendParticipationMail(tx, tenant, referrer, row, clock)
          await recordAccountMail(tx, tenant.slug, 'participation', referrer.id, clock())
        }
        return row
      }),
    )
    await reservation.count()
  } finally {
    await reservation.release()
  }
  kickMailWorker()
  if (!straightOn) throw new ApiError('OptInRequired')
  return toRecommendation(tenant, result, now)
}

/** The insert of the referrer's row on the first recommendation (none if it exists). */
function newReferrer(
  tenantSlug: string,
  email: string,
  input: CreateRecommendationRequest,
  locale: Locale,
  now: Date,
): SQL {
  const values = {
    tenantSlug,
    email,
    vorname: input.Empfehler.Vorname,
    nachname: input.Empfehler.Nachname,
    language: locale,
    createdAt: now,
  }
  return sql`${insertRows(referrers, [values])} on conflict do nothing`
}

/** The referrer's id: the logged-in referrer's, else the one of the e-mail in the tenant. */
function referrerIdOf(tenantSlug: string, id: string | null, email: string): SQL {
  return id
    ? sql`select id from referrers where id = ${id}`
    : sql`select id from referrers where tenant_slug = ${tenantSlug} and email = ${email}`
}

/** A recommendation's random number or offline code was taken already (their unique indexes). */
class NumberTaken extends Error {}

/**
 * Runs the transaction again with fresh random numbers while one was taken (rare: 50 random bits in a
 * number, 37 in an offline code).
 */
async function withFreeNumbers<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction()
    } catch (error) {
      if (!(error instanceof NumberTaken)) throw error
      if (attempt === 5) throw new ApiError('Default', { cause: new Error('no free recommendation number') })
    }
  }
}

/** The campaigns the payload answers, each with the legal text shown; unknown or ended ones are refused. */
async function campaignDecisions(
  tenant: Tenant,
  locale: Locale,
  input: CreateRecommendationRequest,
  clock: Clock,
) {
  const answers = input.Empfehlung.Aktionen ?? []
  if (answers.length === 0) return []
  const active = await listActiveCampaigns(tenant, locale, clock)
  return answers.map((answer) => {
    const campaign = active.find((a) => a.AktionsId === answer.AktionsId)
    if (!campaign)
      throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'Empfehlung.Aktionen', Code: 'unknown' }] })
    return { AktionsId: campaign.AktionsId, Zustimmung: answer.Zustimmung, RechtsText: campaign.RechtsText }
  })
}
