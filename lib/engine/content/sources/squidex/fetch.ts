import 'server-only'
import { GraphQLClient } from 'graphql-request'
import { z } from 'zod'
import { log } from '@/lib/shared/log'
import { ContentUnavailableError, type AssetFile } from '@/lib/shared/content/types'

/**
 * The one way to the Squidex-type content service (SPEC §7.8, §4 content service access):
 *   - a token from POST {url}/identity-server/connect/token (client credentials, scope api), fetched on
 *     first use and kept in memory until shortly before it expires;
 *   - every content call sends it as bearer; on a 401 the token is fetched again once and the call
 *     retried, a second 401 fails;
 *   - every request (token, content, GraphQL, asset) is aborted after `timeoutMs`;
 *   - no answer, a time-out, a status other than 2xx (a 404 only where the caller asks for "none") or a
 *     body that is not JSON throws ContentUnavailableError with the cause.
 * GraphQL goes through graphql-request with this module's fetch, so the same rules apply to it.
 */

export type SquidexClientOptions = {
  /** Base URL of the content service, e.g. https://cloud.squidex.io (no trailing slash needed). */
  url: string
  appName: string
  clientId: string
  clientSecret: string
  /** Time-out of each request in milliseconds (tenant setting Limits.RequestTimeoutMs). */
  timeoutMs: number
  /** The fetch to use (tests); default the global fetch. */
  fetch?: typeof fetch
}

export interface SquidexClient {
  /** The app name as given. */
  readonly appName: string
  /**
   * GET {url}{path} (path with its query, e.g. `/api/content/app/bloecke`) and parse the JSON answer.
   * With `notFoundIsNull` a 404 answers null ("no such item").
   */
  getJson(path: string, options?: { notFoundIsNull?: boolean }): Promise<unknown>
  /** GET {url}{path} as bytes with its content type; a 404 answers null. */
  getBytes(path: string): Promise<AssetFile | null>
  /** POST {url}/api/content/{app}/graphql with this query; answers the `data` of the result. */
  graphql(query: string): Promise<unknown>
}

const TOKEN_PATH = '/identity-server/connect/token'

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  /** Seconds; Squidex always sends it, a missing one is taken as five minutes. */
  expires_in: z.number().nonnegative().optional(),
})

type CachedToken = {
  /** The secret the token was fetched with: a client configured with another secret does not get it. */
  secret: string
  promise: Promise<string>
  /** Set once the token arrived. */
  token?: { value: string; renewAt: number }
}

/** Tokens per content service and client (url + clientId); only a cache, lost on restart. */
const tokenCache = new Map<string, CachedToken>()

/** Forget every cached token (tests). */
export function forgetSquidexTokens(): void {
  tokenCache.clear()
}

/** When to fetch a new token: a minute before expiry, or after 90% of a short lifetime. */
function renewAt(expiresInSeconds: number): number {
  const lifetime = expiresInSeconds * 1000
  return Date.now() + lifetime - Math.min(60_000, lifetime / 10)
}

export function createSquidexClient(options: SquidexClientOptions): SquidexClient {
  const base = options.url.replace(/\/+$/, '')
  const cacheKey = `${base}\n${options.clientId}`
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)

  function unavailable(what: string, reason: string, cause?: unknown): ContentUnavailableError {
    log.warn('content service unavailable', { service: base, request: what, reason })
    return new ContentUnavailableError(`content service ${base}: ${what}: ${reason}`, { cause })
  }

  /** One request with the time-out; a network error or time-out becomes ContentUnavailableError. */
  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    try {
      return await doFetch(url, { ...init, signal })
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : 'no answer'
      throw unavailable(what, reason, error)
    }
  }

  async function readText(response: Response, what: string): Promise<string> {
    try {
      return await response.text()
    } catch (error) {
      throw unavailable(what, 'answer broken off', error)
    }
  }

  async function readJson(response: Response, what: string): Promise<unknown> {
    const text = await readText(response, what)
    try {
      return JSON.parse(text)
    } catch (error) {
      throw unavailable(what, 'answer is not JSON', error)
    }
  }

  function discard(response: Response): void {
    response.body?.cancel().catch(() => {})
  }

  async function requestToken(): Promise<{ value: string; renewAt: number }> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: 'api',
    })
    const response = await send(
      base + TOKEN_PATH,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: body.toString(),
      },
      'token',
    )
    if (!response.ok) {
      discard(response)
      throw unavailable('token', `HTTP ${response.status}`)
    }
    const parsed = tokenResponseSchema.safeParse(await readJson(response, 'token'))
    if (!parsed.success) throw unavailable('token', 'answer is not a token', parsed.error)
    return { value: parsed.data.access_token, renewAt: renewAt(parsed.data.expires_in ?? 300) }
  }

  /** The cached token while it is fresh, else a new one (callers at the same time share one request). */
  function currentToken(): Promise<string> {
    const cached = tokenCache.get(cacheKey)
    if (
      cached &&
      cached.secret === options.clientSecret &&
      (!cached.token || Date.now() < cached.token.renewAt)
    )
      return cached.promise
    const entry: CachedToken = {
      secret: options.clientSecret,
      promise: requestToken().then(
        (token) => {
          entry.token = token
          return token.value
        },
        (error: unknown) => {
          if (tokenCache.get(cacheKey) === entry) tokenCache.delete(cacheKey)
          throw error
        },
      ),
    }
    tokenCache.set(cacheKey, entry)
    return entry.promise
  }

  function dropToken(value: string): void {
    if (tokenCache.get(cacheKey)?.token?.value === value) tokenCache.delete(cacheKey)
  }

  /** A request with the bearer token; a 401 fetches a new token and retries once. */
  async function authorized(url: string, init: RequestInit, what: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const token = await currentToken()
      const headers = new Headers(init.headers)
      headers.set('Authorization', `Bearer ${token}`)
      const response = await send(url, { ...init, headers }, what)
      if (response.status !== 401 || attempt === 2) return response
      discard(response)
      dropToken(token)
      log.info('content service refused the token, fetching a new one', { service: base, request: what })
    }
  }

  /** fetch for graphql-request: the same token, retry and time-out rules. */
  const graphqlFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    return authorized(url, init ?? {}, 'graphql')
  }
  const graphqlClient = new GraphQLClient(
    `${base}/api/content/${encodeURIComponent(options.appName)}/graphql`,
    { fetch: graphqlFetch },
  )

  return {
    appName: options.appName,

    async getJson(path, { notFoundIsNull = false } = {}) {
      const what = path.split('?')[0]!
      const response = await authorized(base + path, { headers: { Accept: 'application/json' } }, what)
      if (response.status === 404 && notFoundIsNull) {
        discard(response)
        return null
      }
      if (!response.ok) {
        discard(response)
        throw unavailable(what, `HTTP ${response.status}`)
      }
      return readJson(response, what)
    },

    async getBytes(path) {
      const what = path.split('?')[0]!
      const response = await authorized(base + path, {}, what)
      if (response.status === 404) {
        discard(response)
        return null
      }
      if (!response.ok) {
        discard(response)
        throw unavailable(what, `HTTP ${response.status}`)
      }
      try {
        const body = new Uint8Array(await response.arrayBuffer())
        return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream' }
      } catch (error) {
        throw unavailable(what, 'answer broken off', error)
      }
    },

    async graphql(query) {
      try {
        return await graphqlClient.request<unknown>(query)
      } catch (error) {
        if (error instanceof ContentUnavailableError) throw error
        throw unavailable('graphql', error instanceof Error ? error.message.slice(0, 200) : 'failed', error)
      }
    },
  }
}
