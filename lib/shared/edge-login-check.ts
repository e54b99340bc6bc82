/**
 * The seam of the edge's login check. The edge steps of server.mjs answer some pages meant for logged-in
 * users from memory (lib/edge/anonymous-cache.mjs), after asking whether the request's session cookie is
 * a login of the page's tenant that the main API accepts at that moment. The portal offers here the
 * function that answers it (lib/portal/edge-login-check.ts, wired in instrumentation.ts): it opens the
 * sealed cookie and asks the main API, in process where the engine runs here. The edge reads it from
 * globalThis (it is plain JavaScript outside Next's bundles); without it, it asks the session route.
 */
export type EdgeLoginCheck = (tenant: string, seal: string) => Promise<boolean>

const KEY = Symbol.for('referral-portal.edge-login-check')
type Holder = { [KEY]?: EdgeLoginCheck }

/** Offers the check to the edge steps of this process (null withdraws it). */
export function offerEdgeLoginCheck(check: EdgeLoginCheck | null): void {
  const holder = globalThis as Holder
  if (check) holder[KEY] = check
  else delete holder[KEY]
}
