import 'server-only'
import * as oidc from 'openid-client'
import { ssoNonce } from '@/lib/shared/agency/sso-nonce'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'

/**
 * The portal's part of the agency single sign-on (SPEC §6): the authorization request, code flow with
 * PKCE S256, to the tenant's OpenID provider. The provider's discovery document is kept ten minutes
 * per issuer and client (a cache any server rebuilds). The code is redeemed by the main API
 * (PUT agentur/sso), which holds the client secret.
 */

const KEEP_MS = 10 * 60 * 1000
const known = new Map<string, { config: Promise<oidc.Configuration>; until: number }>()

export type SsoSettings = PublicTenantConfig['Settings']['Sso']

export function ssoConfigured(sso: SsoSettings): boolean {
  return Boolean(sso.Issuer && sso.ClientId && sso.RedirectUri)
}

function provider(sso: SsoSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([sso.Issuer, sso.ClientId])
  const cached = known.get(key)
  if (cached && cached.until > Date.now()) return cached.config
  const url = new URL(sso.Issuer)
  const config = oidc.discovery(url, sso.ClientId, undefined, undefined, {
    // Plain http only for a provider on this machine (the local demo provider).
    execute: url.protocol === 'http:' && isLoopback(url) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  })
  known.set(key, { config, until: Date.now() + KEEP_MS })
  config.catch(() => known.delete(key))
  return config
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

export type SsoStart = { url: URL; state: string; verifier: string }

/**
 * A fresh state and PKCE verifier, and the provider's address that asks the user to sign in. With
 * `askAgain` the provider asks for the account even where its own session would sign the user in
 * (prompt=login, OpenID Connect Core 3.1.2.1).
 */
export async function startSso(sso: SsoSettings, locale: string, askAgain = false): Promise<SsoStart> {
  const config = await provider(sso)
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: sso.RedirectUri,
    response_type: 'code',
    scope: sso.Scopes.join(' '),
    state,
    nonce: ssoNonce(verifier),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ui_locales: locale,
    ...(askAgain ? { prompt: 'login' } : {}),
  })
  return { url, state, verifier }
}

/** The issuer the provider names in its answer (RFC 9207), when it names one, must be the tenant's. */
export async function answeredByProvider(sso: SsoSettings, iss: string | null): Promise<boolean> {
  const metadata = (await provider(sso)).serverMetadata()
  if (iss === null) return !metadata.authorization_response_iss_parameter_supported
  return iss === metadata.issuer
}
