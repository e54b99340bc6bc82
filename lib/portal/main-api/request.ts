import 'server-only'
import { cache } from 'react'
import { callMainApi, MainApiError, requestBody, type CallOptions } from './client'
import type { TenantContext } from './context'

/**
 * How the calls of this folder reach the transport (client.ts). The path is below the tenant
 * (`/account/user` → `/{tenant}/account/user`), or below the base with `root`. The context's language
 * goes along unless `language: false` (calls answered alike in every language, which never sent one:
 * the transport's default goes instead); the token and the IP only where the call passes them.
 */
export type TenantCall<T> = Omit<CallOptions<T>, 'locale'> & { root?: boolean; language?: false }

function toOptions<T>(ctx: TenantContext, { root, language, path, ...call }: TenantCall<T>): CallOptions<T> {
  return {
    ...call,
    path: root ? path : `/${encodeURIComponent(ctx.tenant)}${path}`,
    locale: language === false ? undefined : ctx.locale,
  }
}

export { requestBody }

/** A call that changes, counts or mails something: made every time it is asked for. */
export function send<T>(ctx: TenantContext, call: TenantCall<T>): Promise<T> {
  return callMainApi(toOptions(ctx, call))
}

/**
 * The answers of one server request. React's cache() keeps a value per request while a server
 * component tree renders; outside a render (server actions, route handlers) it calls the function every
 * time, so each read there gets a Map of its own and is made as asked.
 */
const answersOfRequest = cache(() => new Map<string, { schema: object; answer: Promise<unknown> }>())

/**
 * A GET that only reads: within one server render, the same path with the same language, token and IP
 * (checked by the same schema) is asked once and every caller shares the answer, or the refusal.
 */
export function read<T>(ctx: TenantContext, call: Omit<TenantCall<T>, 'method' | 'body'>): Promise<T> {
  const options = toOptions(ctx, call)
  const answers = answersOfRequest()
  const key = JSON.stringify([options.path, options.locale, options.token, options.clientIp])
  const known = answers.get(key)
  if (known?.schema === call.schema) return known.answer as Promise<T>
  const answer = callMainApi(options)
  answers.set(key, { schema: call.schema, answer })
  return answer
}

/** The answer, or null where the main API says there is no such thing (HTTP 404, or the given statuses). */
export async function orNull<T>(answer: Promise<T>, statuses: readonly number[] = [404]): Promise<T | null> {
  try {
    return await answer
  } catch (error) {
    if (error instanceof MainApiError && statuses.includes(error.status)) return null
    throw error
  }
}
