import { DEFAULT_LIMIT } from '@/lib/edge/body-limits.mjs'
import { markActionStarted } from '@/lib/edge/action-scope.mjs'
import 'server-only'
import { createHash, timingSafeEqual } from 'node:crypto'
import { clientIpFromForwarded, signClientIp } from '@/lib/shared/client-ip'
import { z, type ZodType } from 'zod'
import { inputRefusal } from '@/lib/shared/input-refusal'
import { env } from '@/lib/shared/env'
import { ApiError, type ErrorCode, type ErrorEnvelope } from '@/lib/shared/errors'
import { errorMessage } from '@/lib/i18n/messages'
import { localeFromHeader, type Locale } from '@/lib/i18n/config'
import { loggableError } from '@/lib/edge/logger.mjs'
import { log } from '@/lib/shared/log'
import { jsonResponse } from '@/lib/shared/in-process-api'
import { readToken, type Role, type TokenClaims } from '@/lib/engine/auth/token'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isProviderKey } from '@/lib/engine/rewards/provider-keys'
import { endVerifiedSession, verifyRewardLink, verifySession } from '@/lib/engine/auth/verify-session'
import { requireAgencyView, type AgencySessionUser } from '@/lib/engine/agency/agency-session'
import type { AgencyView } from '@/lib/shared/agency/roles'

/**
 * The one wrapper of every main-API handler (/api/v1/{tenant}/…): resolves the tenant, reads
 * X-Accept-Language, demands X-Requested-With on state-changing calls, verifies the bearer token
 * (signature, expiry, tenant, and whether its session still stands: lib/engine/auth/verify-session),
 * parses query and body with zod, and maps every error to the envelope { Code, Message }. Every
 * handler it makes carries its options (`handlerMeta`), so tests can enumerate who may call what.
 */

type Params = Record<string, string | string[] | undefined>
type RouteContext = { params: Promise<Params> }

export type HandlerContext<B, Q> = {
  request: Request
  tenant: Tenant
  locale: Locale
  /** Verified claims when a valid token was sent (always set when `auth` names roles, unless a reward link's token came). */
  auth: TokenClaims | null
  /** A reward link's own token (option `rewardToken`), checked by the handler against the stored hash. */
  rewardToken: string | null
  /** The bearer token those claims came from. */
  token: string | null
  /** The agency user of an agency token, on calls with option `agencyView` (always set there). */
  agency: AgencySessionUser | null
  body: B
  query: Q
  params: Record<string, string>
  /** The browser's IP as the portal vouches for it (see clientIp), else the direct caller's. */
  ip: string | null
}

/** A success answer that is no JSON, for the API's description: a redirect, or a file of these media types. */
export type RawAnswer = { redirect: true } | { media: readonly string[] }

export type Options<B, Q, R = unknown> = {
  /**
   * Roles allowed; 'public' needs no token (a sent token is still verified if present); 'operator' needs
   * the operator's API key (support tools, imports); 'provider' a key of the tenant's provider (order
   * reports) or the operator's.
   */
  auth: readonly Role[] | 'public' | 'operator' | 'provider'
  /**
   * The reward pages' calls (SPEC §6): a bearer that is no signed token of ours is passed on as the
   * reward link's own token instead of being refused.
   */
  rewardToken?: boolean
  /**
   * An agency area call (SPEC §6): only an agency token whose role has this view; any other token or
   * role is refused here, before the handler runs (NichtAuthorisiert; no token PSOF0204).
   */
  agencyView?: AgencyView
  /** With agencyView: a change only the roles that may edit the view make (lib/shared/agency/roles.ts). */
  agencyEdit?: boolean
  /**
   * With auth 'public': a call that exists only where the tenant's module is on (elsewhere NichtGefunden):
   * the agent search (ModuleAgentRecommendation), or, with agencyView, a call of the agency area that the
   * portal's own form makes without an agency token (ModuleCompanyRecommendation). An agency token is
   * still held to agencyView; without one the handler gets no agency user.
   */
  publicModule?: 'ModuleCompanyRecommendation' | 'ModuleAgentRecommendation'
  /** A GET that sends mail: demands X-Requested-With like a write, so no foreign page can trigger it. */
  sendsMail?: boolean
  body?: ZodType<B>
  /** The largest body read, in bytes (default DEFAULT_LIMIT; imports take more, lib/edge/body-limits.mjs). */
  bodyLimit?: number
  query?: ZodType<Q>
  /** The code a missing or refused token answers instead of PSOF0204 (bank data: its own text). */
  authError?: 'BankdatenNichtAutorisiert'
  /**
   * Called by another server that proves itself in the handler (the content service's publish webhook
   * with its shared secret): no X-Requested-With is demanded, and the body is read by the handler.
   */
  fromServer?: boolean
  /**
   * For the API's description (GET /api/v1/openapi.json, lib/engine/http/openapi), not checked at run
   * time: the success answer's schema, the one the portal's client checks it with (the handler's result
   * must fit its input type), or a RawAnswer; the error codes the call answers beyond those its other
   * options imply (SPEC §8); a body the handler reads itself, where the wrapper must not parse one.
   */
  response?: ZodType<unknown, R> | RawAnswer
  errors?: readonly ErrorCode[]
  ownBody?: ZodType
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** The largest body a main-API call reads (import calls that need more say so: option bodyLimit). */
export const MAX_BODY_BYTES = DEFAULT_LIMIT

export type ApiRouteHandler = (request: Request, context: RouteContext) => Promise<Response>

/** What a handler made by apiHandler declares about its callers, input and answer. */
export type HandlerMeta = Pick<
  Options<unknown, unknown>,
  | 'auth'
  | 'rewardToken'
  | 'agencyView'
  | 'agencyEdit'
  | 'publicModule'
  | 'sendsMail'
  | 'authError'
  | 'fromServer'
  | 'errors'
> & { body: boolean; query: boolean; schemas?: HandlerSchemas }

/** The schemas a handler declared, for the API's description. */
export type HandlerSchemas = Pick<Options<unknown, unknown>, 'body' | 'query' | 'response' | 'ownBody'>

const metas = new WeakMap<ApiRouteHandler, HandlerMeta>()

/** The declared options of a handler made by apiHandler (undefined for any other function). */
export function handlerMeta(handler: unknown): HandlerMeta | undefined {
  return typeof handler === 'function' ? metas.get(handler as ApiRouteHandler) : undefined
}

export function apiHandler<B = undefined, Q = undefined, R = unknown>(
  options: Options<B, Q, R>,
  handler: (ctx: HandlerContext<B, Q>) => Promise<NoInfer<R> | Response>,
): ApiRouteHandler {
  const route: ApiRouteHandler = async (request, context) => {
    // The request reached a handler: a 500 from here on is the API's own (lib/edge/action-decoding.mjs).
    markActionStarted()
    const locale = localeFromHeader(request.headers.get('x-accept-language'))
    let auth: TokenClaims | null = null
    try {
      const rawParams = await context.params
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : (v ?? '')]),
      )
      const tenant = await getTenantOrThrow(params.tenant ?? '')
      if ((STATE_CHANGING.has(request.method) || options.sendsMail) && !options.fromServer) {
        if (!request.headers.get('x-requested-with')) throw new ApiError('AnfrageUnvollstaendig')
        if (!sameOrigin(request)) throw new ApiError('NichtAuthorisiert')
      }
      const token = bearerToken(request)
      let rewardToken: string | null = null
      let agency: AgencySessionUser | null = null
      try {
        if (options.auth === 'operator') operatorAuth(token)
        else if (options.auth === 'provider') await providerAuth(token, tenant)
        else if (options.rewardToken && token && !token.includes('.')) {
          await verifyRewardLink(tenant, token)
          rewardToken = token
        } else auth = await authenticate(token, tenant, options.auth)
        const agencyCaller = !options.publicModule || auth?.role === 'agency'
        if (options.agencyView && agencyCaller)
          agency = await requireAgencyView(tenant.slug, auth, options.agencyView, options.agencyEdit)
        else if (options.publicModule && !tenant.settings[options.publicModule])
          throw new ApiError('NichtGefunden')
      } catch (error) {
        if (options.authError && error instanceof ApiError) throw new ApiError(options.authError)
        throw error
      }
      const query = options.query
        ? parseOrThrow(options.query, Object.fromEntries(new URL(request.url).searchParams))
        : (undefined as Q)
      const body = options.body
        ? parseOrThrow(options.body, await readJson(request, options.bodyLimit))
        : (undefined as B)
      const ip = clientIp(request)
      const result = await handler({
        request,
        tenant,
        locale,
        auth,
        rewardToken,
        token,
        agency,
        body,
        query,
        params,
        ip,
      })
      if (result instanceof Response) return result
      return jsonResponse(result ?? {}, { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error, locale)
    } finally {
      endVerifiedSession(auth)
    }
  }
  metas.set(route, {
    auth: options.auth,
    rewardToken: options.rewardToken,
    agencyView: options.agencyView,
    agencyEdit: options.agencyEdit,
    publicModule: options.publicModule,
    sendsMail: options.sendsMail,
    authError: options.authError,
    fromServer: options.fromServer,
    errors: options.errors,
    body: Boolean(options.body),
    query: Boolean(options.query),
    schemas: {
      body: options.body,
      query: options.query,
      response: options.response,
      ownBody: options.ownBody,
    },
  })
  return route
}

function bearerToken(request: Request): string | null {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null
}

/** For handlers outside the wrapper: throws PSOF0204 unless the request carries the operator's key. */
export function requireOperator(request: Request): void {
  operatorAuth(bearerToken(request))
}

/** A provider key of the tenant (stored hashed), or the operator's key. */
async function providerAuth(token: string | null, tenant: Tenant): Promise<void> {
  if (token && (await isProviderKey(tenant.slug, token))) return
  operatorAuth(token)
}

/** The operator's key (OPERATOR_API_KEY) in constant time; operator calls carry no user claims. */
function operatorAuth(token: string | null): null {
  const expected = createHash('sha256').update(env().OPERATOR_API_KEY).digest()
  const given = createHash('sha256')
    .update(token ?? '')
    .digest()
  if (!token || !timingSafeEqual(expected, given)) throw new ApiError('PSOF0204')
  return null
}

/**
 * The portal calls this API from its server, so the browser's IP comes in X-Client-IP, signed with the
 * shared secret (lib/portal/main-api/client.ts); an unsigned value could be forged and is ignored. Other callers
 * are counted by the address the server saw (x-forwarded-for, set by Next's server or the proxy).
 */
function clientIp(request: Request): string | null {
  const claimed = request.headers.get('x-client-ip')
  const signature = request.headers.get('x-client-ip-signature')
  if (claimed && signature && signature === signClientIp(claimed)) return claimed
  return clientIpFromForwarded(request.headers.get('x-forwarded-for'))
}

/**
 * The claims of the request's token, once it is proven valid in every respect: signature and expiry,
 * this tenant (never another's, not even on public calls), a role the call allows, and a session that
 * still stands. A token that fails any of these is refused on public calls too, so an ended session
 * never half-works.
 */
async function authenticate(
  token: string | null,
  tenant: Tenant,
  allowed: readonly Role[] | 'public',
): Promise<TokenClaims | null> {
  if (!token) {
    if (allowed === 'public') return null
    throw new ApiError('PSOF0204')
  }
  const claims = readToken(token)
  if (!claims || claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  if (allowed !== 'public' && !allowed.includes(claims.role)) throw new ApiError('NichtAuthorisiert')
  await verifySession(tenant, claims)
  return claims
}

/** Browsers send Origin on cross-site writes; server-to-server clients send none. */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return true
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host')
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

/**
 * The JSON body ({} when empty); broken JSON is UngueltigeEingabe, a body over `limit` bytes
 * ZuGross (413). The body is read as it streams in and reading stops at the limit, so an oversize
 * body never sits in memory whole, whatever Content-Length it declared or left out.
 */
export async function readJson(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  return parseJson(await readText(request, limit))
}

/** JSON text as a value ({} when empty); broken JSON is UngueltigeEingabe. */
export function parseJson(text: string): unknown {
  if (!text.trim()) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ApiError('UngueltigeEingabe')
  }
  // A lone surrogate (`\ud800` written out in JSON: half of a character, which no keyboard types) can be
  // neither stored in a JSON column nor mailed: the body is refused whichever field holds it.
  if (!wellFormed(value)) throw new ApiError('UngueltigeEingabe')
  return value
}

/** Whether every string of a parsed JSON value, keys included, is well-formed Unicode (any depth). */
function wellFormed(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return false
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (!key.isWellFormed()) return false
        pending.push(inner)
      }
    }
  }
  return true
}

/** Whether a body read failed because the caller's connection closed under it (Node: 'aborted', ECONNRESET). */
function endedByCaller(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === 'ECONNRESET' || code === 'ABORT_ERR' || message === 'aborted'
}

/** The body as UTF-8 text, read up to `limit` bytes (ZuGross beyond it; broken UTF-8 is UngueltigeEingabe). */
export async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new ApiError('ZuGross')
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>
    try {
      read = await reader.read()
    } catch (error) {
      // The caller went away before its body arrived whole (its connection closed): nothing to answer,
      // and no fault of the server's; it counts as the malformed input it is. Any other failure of the
      // read stays the server's.
      if (!request.signal.aborted && !endedByCaller(error)) throw error
      log.info('main API: request body ended early', { error: loggableError(error) })
      throw new ApiError('UngueltigeEingabe', { cause: error })
    }
    const { done, value } = read
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new ApiError('ZuGross')
    }
    chunks.push(value)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new ApiError('UngueltigeEingabe')
  }
}

/** Parses input the wrapper does not know of (path segments) with the same error answers. */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  if (containsNul(value)) throw new ApiError('UngueltigeEingabe')
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw inputError(result.error)
}

/** PostgreSQL text cannot hold NUL: input with one is invalid, never a database error (no recursion). */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}

/** Input a contract does not take: the one rule of lib/shared/input-refusal.ts. */
function inputError(error: z.ZodError): ApiError {
  const { code, fields } = inputRefusal(error)
  return new ApiError(code, { fields })
}

/** The main API's answer to an error; one it did not expect is logged without its statement's parameters. */
export function errorResponse(error: unknown, locale: Locale): Response {
  const apiError = error instanceof ApiError ? error : new ApiError('Default', { cause: error })
  if (!(error instanceof ApiError)) {
    log.error('main API: unexpected error', { error: loggableError(error) })
  }
  const envelope: ErrorEnvelope = {
    Code: apiError.code,
    Message: errorMessage(apiError.code, locale),
    ...(apiError.fields ? { Fields: apiError.fields } : {}),
    ...(apiError.captchaRequired ? { CaptchaErforderlich: true as const } : {}),
  }
  return jsonResponse(envelope, { status: apiError.status, headers: { 'Cache-Control': 'no-store' } })
}
