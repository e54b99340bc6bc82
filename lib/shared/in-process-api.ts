/**
 * The seam of the main API's in-process transport. Where the portal runs with the built-in engine in
 * the same server (MAIN_API_URL unset), the engine offers here one function that answers a main-API
 * Request with its Response through the very handlers the HTTP route serves (wired in
 * instrumentation.ts); the portal's client (lib/portal/main-api/client.ts) hands its requests to it
 * instead of opening a loopback connection. Same request, same handler, same answer, no socket. Neither
 * side imports the other: the function lives on globalThis, since instrumentation, route handlers and
 * pages are separate bundles of one process.
 */
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
