import 'server-only'
import { createHmac } from 'node:crypto'
import type { InferSelectModel } from 'drizzle-orm'
import { env } from '@/lib/shared/env'
import type { referrers } from '@/lib/db/schema'
import type { User } from '@/lib/contracts/account'
import { isLocale } from '@/lib/i18n/config'

export type ReferrerRow = InferSelectModel<typeof referrers>

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** A stable public id of the referrer that reveals nothing about the database id. */
export function empfehlerHash(referrer: ReferrerRow): string {
  return createHmac('sha256', env().API_TOKEN_SECRET)
    .update(`empfehler:${referrer.id}`)
    .digest('hex')
    .slice(0, 24)
}

/** The User of SPEC §3 as the login response carries it. */
export function toUser(referrer: ReferrerRow, token: string, admin = false): User {
  return {
    username: referrer.email,
    anrede: referrer.anrede,
    vorname: referrer.vorname,
    nachname: referrer.nachname,
    email: referrer.email,
    empfehlerHash: empfehlerHash(referrer),
    token,
    newsletterpermission: referrer.newsletterPermission,
    newsletterpermissionversendetam: referrer.newsletterPermissionSentAt?.toISOString() ?? null,
    language: isLocale(referrer.language) ? referrer.language : 'de',
    ...(admin ? { admin: true } : {}),
  }
}
