import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { env } from '@/lib/shared/env'
import { systemClock, type Clock } from '@/lib/engine/clock'

/**
 * Bearer tokens of the main API: HS256-signed JWTs carrying tenant, subject and role. A token is valid
 * only on its own tenant; a referrer token also carries the referrer's session version, so logout,
 * lock, deletion and password change end every older token.
 */

export const ROLES = ['referrer', 'agency', 'recipient', 'reward', 'operator'] as const
export type Role = (typeof ROLES)[number]

export const claimsSchema = z.object({
  ten: z.string(),
  sub: z.string(),
  role: z.enum(ROLES),
  sv: z.number().int().optional(),
  adm: z.boolean().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
})
export type TokenClaims = z.infer<typeof claimsSchema>

export const REFERRER_TOKEN_SECONDS = 8 * 60 * 60

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url')
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

function sign(input: string): Buffer {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(input).digest()
}

export function issueToken(
  claims: Omit<TokenClaims, 'iat' | 'exp'>,
  options: { lifetimeSeconds?: number; clock?: Clock } = {},
): string {
  const iat = Math.floor((options.clock ?? systemClock)().getTime() / 1000)
  const payload = b64(
    JSON.stringify({ ...claims, iat, exp: iat + (options.lifetimeSeconds ?? REFERRER_TOKEN_SECONDS) }),
  )
  return `${HEADER}.${payload}.${b64(sign(`${HEADER}.${payload}`))}`
}

/** Returns the claims of a well-signed, unexpired token, or null. */
export function readToken(token: string, clock: Clock = systemClock): TokenClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== HEADER) return null
  const [header, payload, signature] = parts as [string, string, string]
  const expected = sign(`${header}.${payload}`)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const claims = claimsSchema.safeParse(json)
  if (!claims.success) return null
  if (claims.data.exp * 1000 <= clock().getTime()) return null
  return claims.data
}
