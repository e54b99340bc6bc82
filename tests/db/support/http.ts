import { randomBytes } from 'node:crypto'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { ErrorCode } from '@/lib/shared/errors'
import { DEMO_REFERRERS } from '@/lib/engine/tenants/demo-tenants'
import { userSchema, type User } from '@/lib/contracts/account'
import { BASE_URL } from './test-server'

/** Calls of the main API on the test server (tests/db/support/global-setup.ts), as a browser-less client. */

export type ApiResponse = { status: number; headers: Headers; text: string; json: unknown }

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown
  token?: string
  headers?: Record<string, string>
  /** Leave out X-Requested-With (sent by default, as SPEC §7 demands). */
  withoutRequestedWith?: boolean
  locale?: string
  redirect?: RequestRedirect
  /** Another server than the suite's (a test's own, e.g. two servers on one database). */
  base?: string
}

export async function call(path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (!options.withoutRequestedWith) headers['X-Requested-With'] = 'XMLHttpRequest'
  if (options.locale) headers['X-Accept-Language'] = options.locale
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['Content-Type'] ??= 'application/json'
  }
  const response = await fetch(`${options.base ?? BASE_URL}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    redirect: options.redirect ?? 'manual',
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: response.status, headers: response.headers, text, json }
}

export /** The envelope's CaptchaErforderlich: true when the next try needs a captcha, else absent. */
function captchaFlag(response: ApiResponse): boolean {
  return (response.json as { CaptchaErforderlich?: boolean }).CaptchaErforderlich === true
}

/**
 * Asserts the answers to many wrong tries sent at once from one client: `checked` of them are refused
 * with `status` and `code`, exactly one of those says that the next try needs a captcha, and all the
 * others are refused with 400 CaptchaRequired.
 */
export function expectCheckedThenCaptcha(
  answers: ApiResponse[],
  checked: { count: number; status: number; code: ErrorCode },
) {
  const looked = answers.filter((a) => a.status === checked.status)
  expect(looked).toHaveLength(checked.count)
  for (const answer of looked) expectError(answer, checked.status, checked.code)
  expect(looked.filter(captchaFlag)).toHaveLength(1)
  const refused = answers.filter((a) => a.status !== checked.status)
  expect(refused).toHaveLength(answers.length - checked.count)
  for (const answer of refused) expectError(answer, 400, 'CaptchaRequired')
}

/**
 * Asserts an error answer: the status, and a body that is exactly the envelope { Code, Message }
 * (+ Fields, + CaptchaErforderlich: true when the next try needs a captcha), with the catalogue text of
 * the code in the requested language.
 */
export function expectError(
  response: ApiResponse,
  status: number,
  code: ErrorCode,
  locale: 'de' | 'en' = 'de',
) {
  expect({ status: response.status, body: response.json }).toEqual({
    status,
    body: expect.objectContaining({ Code: code }),
  })
  const body = response.json as Record<string, unknown>
  const keys = Object.keys(body).sort()
  expect(keys).toEqual(
    ['Code', 'Message', 'Fields', 'CaptchaErforderlich'].filter((key) => key in body).sort(),
  )
  if ('CaptchaErforderlich' in body) expect(body.CaptchaErforderlich).toBe(true)
  expect(body.Message).toBe((locale === 'en' ? en : de).Errors[code])
  if ('Fields' in body) {
    expect(body.Fields).toEqual(expect.any(Array))
    for (const field of body.Fields as unknown[]) {
      expect(Object.keys(field as object).sort()).toEqual(['Code', 'Field'])
    }
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('cache-control')).toBe('no-store')
}

export type Credentials = { email: string; password: string }

export const DEMO_CREDENTIALS: Record<'demo' | 'demo-closed', Credentials> = {
  demo: { email: DEMO_REFERRERS.demo!.email, password: DEMO_REFERRERS.demo!.password },
  'demo-closed': {
    email: DEMO_REFERRERS['demo-closed']!.email,
    password: DEMO_REFERRERS['demo-closed']!.password,
  },
}

/** POST /account/login; fails the test unless it answers a User. */
export async function login(tenant: string, credentials: Credentials): Promise<User> {
  const response = await call(`/api/v1/${tenant}/account/login`, {
    method: 'POST',
    body: { Email: credentials.email, Password: credentials.password },
  })
  expect({ status: response.status, body: response.json }).toEqual({ status: 200, body: expect.anything() })
  return userSchema.parse(response.json)
}

/** The claims of a token as the test sees them (no verification: only to mint variants of it). */
export function claimsOf(token: string): {
  ten: string
  sub: string
  role: string
  sv?: number
  iat: number
  exp: number
} {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
}

/**
 * A client address of the test's own, sent as X-Forwarded-For (the engine counts an unsigned caller by
 * the entry a trusted proxy appended; here the only one): failed logins under it never push the per-IP counter of 127.0.0.1 that every other
 * test shares (LoginCaptchaAfterFailuresPerIp). Random in 2001:db8::/32, the documentation range, so
 * runs on a shared PostgreSQL do not meet each other's counters either.
 */
export function uniqueClientIp(): { 'X-Forwarded-For': string } {
  const group = () => randomBytes(2).toString('hex')
  return { 'X-Forwarded-For': `2001:db8:${group()}:${group()}:${group()}:${group()}:${group()}:${group()}` }
}
