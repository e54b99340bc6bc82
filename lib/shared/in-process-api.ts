/**
 * The seam of the main API's in-process transport. Where the portal runs with the built-in engine in
 * the same server (MAIN_API_URL unset), the engine offers here one function that answers a main-API
 * Request with its Response through the very handlers the HTTP route serves (wired in
 * instrumentation.ts); the portal's client (lib/portal/main-api/client.ts) hands its requests to it
 * instead of opening a loopback connection. Same request, same handler, same answer, no socket. Neither
 * side imports the other: the function lives on globalThis, since instrumentation, route handlers and
 * pages are separate bundles of one process.
 */
import { jsonTexts } from '@/lib/edge/json-texts.mjs'

export type InProcessApi = (request: Request) => Promise<Response>

const KEY = Symbol.for('referral-portal.in-process-api')
type Holder = { [KEY]?: InProcessApi }

/** Offers the engine's handlers to the portal of this process (null withdraws them). */
export function offerInProcessApi(api: InProcessApi | null): void {
  const holder = globalThis as Holder
  if (api) holder[KEY] = api
  else delete holder[KEY]
}

/** The engine of this process, when it offered itself; else the portal calls over HTTP. */
export function inProcessApi(): InProcessApi | null {
  return (globalThis as Holder)[KEY] ?? null
}

/**
 * A JSON answer of the engine, as Response.json makes it, with its text kept beside it: the portal of
 * this process reads that text (answerJson) instead of the body's stream, whose web-stream steps cost
 * more than the parse itself. The same bytes either way.
 */
export function jsonResponse(value: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(value)
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  const response = new Response(text, { ...init, headers })
  jsonTexts().set(response, text)
  return response
}

/** The JSON an answer holds (null where it holds none), from its kept text where the engine kept one. */
export async function answerJson(response: Response): Promise<unknown> {
  const text = jsonTexts().get(response)
  if (text === undefined) return response.json().catch(() => null)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
