import 'server-only'
import * as oidc from 'openid-client'
import { ApiError } from '@/lib/shared/errors'
import { log } from '@/lib/shared/log'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { portalLink } from '@/lib/engine/tenants/portal-link'

/**
 * The tenant's OpenID provider as openid-client knows it (discovery document, client authentication,
 * JWKS), kept for ten minutes per issuer and client: a cache any server can rebuild, no state. An http
 * issuer is accepted only on the loopback (the local demo provider); any other must be https.
 */

const KEEP_MS = 10 * 60 * 1000
const known = new Map<string, { config: Promise<oidc.Configuration>; until: number }>()

export function ssoEnabled(tenant: Tenant): boolean {
  const { Issuer, ClientId } = tenant.settings.Sso
  return Boolean(Issuer && ClientId)
}

/** Where the provider sends the browser back: the setting, else the portal's /sso of this tenant. */
export function ssoRedirectUri(tenant: Tenant): string {
  return tenant.settings.Sso.RedirectUri || portalLink(tenant, 'de', 'SingleSignOn')
}

export async function ssoProvider(tenant: Tenant): Promise<oidc.Configuration> {
  if (!ssoEnabled(tenant)) throw new ApiError('AgenturSsoNichtEingerichtet')
  const { Issuer, ClientId, ClientSecret } = tenant.settings.Sso
  const key = JSON.stringify([Issuer, ClientId, ClientSecret])
  const now = Date.now()
  const cached = known.get(key)
  if (cached && cached.until > now) return cached.config
  const config = discover(Issuer, ClientId, ClientSecret)
  known.set(key, { config, until: now + KEEP_MS })
  // A failed discovery is not kept: the next sign-in asks again.
  config.catch(() => known.delete(key))
  return config
}

async function discover(issuer: string, clientId: string, secret: string): Promise<oidc.Configuration> {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    throw new ApiError('AgenturSsoNichtEingerichtet')
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ApiError('AgenturSsoNichtEingerichtet')
  }
  let config: oidc.Configuration
  try {
    config = await oidc.discovery(
      url,
      clientId,
      undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      },
    )
  } catch (error) {
    log.warn('single sign-on: the provider could not be discovered', { issuer, error: String(error) })
    throw new ApiError('NetzwerkFehler', { cause: error })
  }
  // The ID token's signature is checked against the provider's JWKS, not only trusted for the channel.
  oidc.enableNonRepudiationChecks(config)
  return config
}
