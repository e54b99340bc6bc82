// GET /{tenant}/sso — the agency single sign-on (SPEC §2.1, §6): without a code it starts the sign-in at
// the tenant's OpenID provider; with the provider's answer it completes it and opens the agency area.
import { timingSafeEqual } from 'node:crypto'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { signInAgency } from '@/lib/portal/main-api/agency'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import {
  agencySessionFor,
  getAgencySession,
  SSO_PENDING_MS,
  startAgencySession,
} from '@/lib/portal/agency-session'
import { answeredByProvider, ssoConfigured, startSso } from '@/lib/portal/agency-sso'
import { href, parseTenantParam, type PortalContext } from '@/lib/routes/href'
import { log } from '@/lib/shared/log'
import type { ErrorCode } from '@/lib/shared/errors'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ tenant: string }> }

/** Where the browser goes next; never cached, the session cookie may have changed. */
function goTo(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'private, no-store' },
  })
}

function areaWithError(ctx: PortalContext, code: ErrorCode): Response {
  return goTo(href(ctx, 'AgencyArea', undefined, { fehler: code }))
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export async function GET(request: Request, { params }: Params) {
  const ctx = parseTenantParam((await params).tenant)
  // Read fresh, not from the page cache: provider and return address must be the ones in force now.
  const config = ctx ? await getTenantConfig({ tenant: ctx.tenant }) : null
  if (!ctx || !config) return goTo('/404')
  const sso = config.Settings.Sso
  if (!ssoConfigured(sso)) return areaWithError(ctx, 'AgenturSsoNichtEingerichtet')
  const answer = new URL(request.url).searchParams
  const code = answer.get('code')
  const providerError = answer.get('error')
  const session = await getAgencySession()

  if (!code && !providerError) {
    // Signed in already (a second opening, the back button): straight to the area.
    if (await agencySessionFor(ctx.tenant)) return goTo(href(ctx, 'AgencyArea'))
    try {
      const start = await startSso(sso, ctx.locale, session.askAgain === true)
      session.sso = {
        tenant: ctx.tenant,
        state: start.state,
        verifier: start.verifier,
        locale: ctx.locale,
        startedAt: Date.now(),
      }
      await session.save()
      return goTo(start.url.href)
    } catch (error) {
      log.warn('single sign-on: the provider cannot be reached', { tenant: ctx.tenant, error: String(error) })
      return areaWithError(ctx, 'NetzwerkFehler')
    }
  }

  // The provider's answer: used once, whatever it says. Until a sign-in succeeds, the next sign-on asks
  // for the account again (a refused person can then sign in with another one).
  const pending = session.sso
  delete session.sso
  session.askAgain = true
  await session.save()
  const where = pending?.tenant === ctx.tenant ? { ...ctx, locale: pending.locale } : ctx
  if (!pending || pending.tenant !== ctx.tenant || pending.startedAt + SSO_PENDING_MS < Date.now()) {
    // An answer this browser did not ask for, or asked for too long ago; a signed-in user just goes on.
    if (await agencySessionFor(ctx.tenant)) return goTo(href(ctx, 'AgencyArea'))
    return areaWithError(where, 'AgenturAnmeldungFehlgeschlagen')
  }
  const state = answer.get('state') ?? ''
  if (!same(state, pending.state) || !(await answeredByProvider(sso, answer.get('iss')))) {
    return areaWithError(where, 'AgenturAnmeldungFehlgeschlagen')
  }
  if (providerError || !code) return areaWithError(where, 'AgenturAnmeldungFehlgeschlagen')
  try {
    const user = await signInAgency(apiContext(where), { Code: code, Verifier: pending.verifier })
    await startAgencySession(ctx.tenant, user)
    return goTo(href(where, 'AgencyArea'))
  } catch (error) {
    if (error instanceof MainApiError) return areaWithError(where, error.code)
    throw error
  }
}
