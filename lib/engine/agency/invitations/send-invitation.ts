import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { agencyInvitations } from '@/lib/db/schema'
import type { CheckedInvitation, Invitation } from '@/lib/contracts/invitation'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { getDb, type Db } from '@/lib/engine/db'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { decide, enforceLimits, peek, reserve, type LimitDecision } from '@/lib/engine/limits/counter'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import { isAllowedEmail, isExcludedEmail } from '@/lib/engine/referrers/excluded-email'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { invitationCounters } from './invitation-limits'
import { activeEmployeeOfTenant, staffEntryForInvitation } from './invitation-tool'
import { toInvitation } from './invitation-rows'

const DAY_MS = 24 * 60 * 60 * 1000

/** PUT Einladung without a body: whether the caller's next invitation needs a captcha. */
export async function checkInvitationCaptcha(
  tenant: Tenant,
  args: { ip: string | null; clock?: Clock },
): Promise<LimitDecision> {
  const { counters, limits } = invitationCounters(tenant.settings, { employeeNumber: null, ip: args.ip })
  return decide(await peek(await getDb(), tenant.slug, counters, (args.clock ?? systemClock)()), limits)
}

type Options = {
  locale: Locale
  ip: string | null
  captcha?: { CaptchaId?: string; CaptchaLoesung?: string }
  clock?: Clock
}

/**
 * Who sends: a signed-in agency user (Einladungstool), or an employee on the portal's own form
 * (MitarbeiterEmpfehlen, under ModuleCompanyRecommendation) who proves nothing but their number.
 */
export type InvitationSender = { agencyUser: AgencySessionUser } | { employeeForm: true }

/**
 * PUT Einladung with the SPEC §3 payload: records the invitation for the employee whose conversation it
 * was and mails the customer a link that opens the portal with their data filled in. Refused: a number
 * the sender may not send for (MitarbeiternummerUnbekannt: in the agency area an employee's own, an
 * owner's active employees'; on the form any active employee's of the tenant), an address that asked for
 * no more invitations (EinladungAbgemeldet) or was invited within the tenant's pause (EinladungExists),
 * an address the programme excludes; past the limits per number and client a captcha, then refusal.
 */
export async function sendInvitation(
  tenant: Tenant,
  sender: InvitationSender,
  input: CheckedInvitation,
  options: Options,
): Promise<Invitation> {
  const clock = options.clock ?? systemClock
  const now = clock()
  const settings = tenant.settings
  if (isExcludedEmail(settings, input.Email)) throw new ApiError('KontoGesperrtWildcard')
  if (!isAllowedEmail(settings, input.Email)) throw new ApiError('EmailNotAllowed')
  const db = await getDb()
  const staff =
    'agencyUser' in sender
      ? await staffEntryForInvitation(db, sender.agencyUser, input.Mitarbeiternummer)
      : await activeEmployeeOfTenant(db, tenant.slug, input.Mitarbeiternummer)

  const limits = invitationCounters(settings, { employeeNumber: staff.number, ip: options.ip })
  const reservation = await reserve(db, tenant.slug, limits.counters, now)
  let row: typeof agencyInvitations.$inferSelect
  try {
    await enforceLimits(db, {
      tenantSlug: tenant.slug,
      tallies: reservation.tallies,
      limits: limits.limits,
      captcha: { id: options.captcha?.CaptchaId, answer: options.captcha?.CaptchaLoesung },
      clock,
    })
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + settings.InvitationLimits.ValidityDays * DAY_MS)
    row = await db.transaction(async (tx) => {
      // One invitation per address at a time: parallel requests for it wait here for each other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${tenant.slug}:${input.Email}`}))`)
      await refuseRepeat(tx, tenant, input.Email, now)
      const [inserted] = await tx
        .insert(agencyInvitations)
        .values({
          tenantSlug: tenant.slug,
          agencyId: staff.agency.id,
          staffId: staff.id,
          employeeNumber: staff.number,
          sentBy: 'agencyUser' in sender ? sender.agencyUser.id : null,
          art: input.Art,
          vorname: input.Vorname,
          nachname: input.Nachname,
          email: input.Email,
          language: options.locale,
          tokenHash: hashSecret(token),
          createdAt: now,
          expiresAt,
        })
        .returning()
      await sendTemplateMail(tx, tenant, 'invitation', {
        locale: options.locale,
        to: input.Email,
        vars: {
          vorname: input.Vorname,
          nachname: input.Nachname,
          agentur: staff.agency.name,
          gueltigBis: formatValidity(expiresAt, options.locale),
          invitationLink: portalLink(tenant, options.locale, 'Invitation', undefined, { t: token }),
          unsubscribeLink: portalLink(tenant, options.locale, 'Invitation', undefined, {
            t: token,
            abmelden: '1',
          }),
        },
      })
      return inserted!
    })
    await reservation.count()
  } finally {
    await reservation.release()
  }
  kickMailWorker()
  return toInvitation(row)
}

async function refuseRepeat(tx: Db, tenant: Tenant, email: string, now: Date) {
  const byAddress = and(eq(agencyInvitations.tenantSlug, tenant.slug), eq(agencyInvitations.email, email))
  const [unsubscribed] = await tx
    .select({ id: agencyInvitations.id })
    .from(agencyInvitations)
    .where(and(byAddress, isNotNull(agencyInvitations.unsubscribedAt)))
    .limit(1)
  if (unsubscribed) throw new ApiError('EinladungAbgemeldet')
  const pauseDays = tenant.settings.InvitationLimits.InvitationPauseDays
  if (pauseDays === 0) return
  const [recent] = await tx
    .select({ id: agencyInvitations.id })
    .from(agencyInvitations)
    .where(and(byAddress, gt(agencyInvitations.createdAt, new Date(now.getTime() - pauseDays * DAY_MS))))
    .limit(1)
  if (recent) throw new ApiError('EinladungExists')
}
