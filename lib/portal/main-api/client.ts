import 'server-only'
import type { ZodType } from 'zod'
import { inputRefusal } from '@/lib/shared/input-refusal'
import { env } from '@/lib/shared/env'
import { signClientIp } from '@/lib/shared/client-ip'
import type { ErrorCode, FieldIssue } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { errorEnvelopeSchema } from '@/lib/contracts/error-envelope'
import { profiled } from '@/lib/shared/profile'
import { answerJson, inProcessApi } from '@/lib/shared/in-process-api'
import { currentRequestId } from '@/lib/edge/logger.mjs'

/**
 * The one way portal code reaches the main API (SPEC §7): X-Requested-With, X-Accept-Language, the
 * session's bearer token, the 300000 ms time-out, zod-checked answers. MAIN_API_URL points it at an
 * external main API over HTTP. Unset, it calls the built-in engine of this server: in process where the
 * engine offered its handlers (lib/shared/in-process-api.ts, wired in instrumentation.ts) — the same
 * request to the same handler, without a loopback connection — else over loopback.
 */

export const REQUEST_TIMEOUT_MS = 300_000

export class MainApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly fields?: FieldIssue[],
    message?: string,
    /** The next try needs a solved captcha (the envelope's CaptchaErforderlich). */
    readonly captchaRequired = false,
  ) {
    super(message ?? code)
    this.name = 'MainApiError'
  }
}

/**
 * A request's body checked against its contract before it is sent: what the main API would refuse is
 * refused here as it would answer (400 UngueltigeEingabe or EmailUngueltig, with the fields), so an
 * action whose form took a value more loosely than the contract shows the refusal instead of failing.
 */
export function requestBody<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const { code, fields } = inputRefusal(parsed.error)
  throw new MainApiError(code, 400, fields)
}

export function mainApiBase(): string {
  const { MAIN_API_URL, PORT } = env()
  return (MAIN_API_URL ?? `http://127.0.0.1:${PORT}/api/v1`).replace(/\/$/, '')
}

/**
 * The main API's address as a browser follows a link to it (SPEC §7.5 "URL only" calls, content
 * pictures): always this portal's own /api/v1. With the built-in engine it answers there; with
 * MAIN_API_URL server.mjs passes those paths on (lib/edge/main-api-proxy.mjs), so the browser never
 * needs the main API's own address (often an internal one) and the page's policy (img-src 'self')
 * holds.
 */
export function mainApiLinkBase(): string {
  return '/api/v1'
}

export type CallOptions<T> = {
  /** Path below the base, e.g. `/demo/account/user` or `/mandant/demo`. */
  path: string
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  token?: string
  locale?: Locale
  schema: ZodType<T>
  /** The browser's IP (lib/portal/client-ip.ts), for calls the engine throttles per IP. */
  clientIp?: string | null
}

export function callMainApi<T>(options: CallOptions<T>): Promise<T> {
  return profiled('apiCalls', () => parsedAnswer(options))
}

async function parsedAnswer<T>(options: CallOptions<T>): Promise<T> {
  const response = await answered(options, 'application/json')
  const json = await answerJson(response)
  const parsed = options.schema.safeParse(json)
  if (!parsed.success)
    throw new MainApiError('Default', response.status, undefined, `unexpected answer from ${options.path}`)
  return parsed.data
}

/** A file the main API answered (CSV, PDF): its bytes, type and download name. */
export type MainApiFile = { body: ArrayBuffer; contentType: string; disposition: string }

export async function callMainApiFile(options: Omit<CallOptions<unknown>, 'schema'>): Promise<MainApiFile> {
  const response = await answered(options, '*/*')
  return {
    body: await response.arrayBuffer(),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    disposition: response.headers.get('content-disposition') ?? 'attachment',
  }
}

/** The call made, and its answer when it succeeded; a refusal becomes a MainApiError. */
async function answered(
  { path, method = 'GET', body, token, locale = 'de', clientIp }: Omit<CallOptions<unknown>, 'schema'>,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'X-Requested-With': 'XMLHttpRequest',
    'X-Accept-Language': locale,
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  // An external main API behind this portal logs the call under the same id (lib/edge/logger.mjs).
  const requestId = currentRequestId()
  if (requestId) headers['X-Request-Id'] = requestId
  if (clientIp) {
    headers['X-Client-IP'] = clientIp
    headers['X-Client-IP-Signature'] = signClientIp(clientIp)
  }
  const engine = env().MAIN_API_URL ? null : inProcessApi()
  // In process, the request arrives as the loopback one would: Next's server names the caller.
  if (engine) headers['X-Forwarded-For'] = '127.0.0.1'
  const url = `${mainApiBase()}${path}`
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }
  let response: Response
  try {
    response = engine ? await engine(new Request(url, init)) : await fetch(url, init)
  } catch (error) {
    throw new MainApiError('NetzwerkFehler', 0, undefined, error instanceof Error ? error.message : undefined)
  }
  if (response.ok) return response
  const json = await answerJson(response)
  const parsedEnvelope = errorEnvelopeSchema.safeParse(json)
  const envelope = parsedEnvelope.success ? parsedEnvelope.data : null
  // SPEC §7.9: an HTTP 401 to a call with the session's token counts as PSOF0204 whatever its body
  // says. A call without a token (login) keeps its own code, e.g. PasswortOderEmailFalsch.
  const sessionEnded = response.status === 401 && (Boolean(token) || !envelope)
  const code = sessionEnded ? 'PSOF0204' : (envelope?.Code ?? 'Default')
  throw new MainApiError(
    code,
    response.status,
    envelope?.Fields,
    undefined,
    !sessionEnded && envelope?.CaptchaErforderlich === true,
  )
}
