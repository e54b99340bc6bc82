import { createHash, randomBytes } from 'node:crypto'
import { ssoNonce } from '@/lib/shared/agency/sso-nonce'
import type { AgencyUser } from '@/lib/contracts/agency'
import demoSso from '@/lib/engine/tenants/demo/sso.json'
import { call } from './http'

/**
 * The browser's part of the agency single sign-on, played by HTTP against the local demo OpenID
 * provider the test server started (scripts/demo-idp.mjs): the authorization request with PKCE S256,
 * the provider's sign-in form, and the code it sends back to the tenant's /sso. What the portal then
 * hands to PUT agentur/sso is the code and the verifier.
 */

export const DEMO_AGENCY_PASSWORD = demoSso.password
export const AGENCY_LOGINS = {
  owner: 'inhaber@sonnenschein-vertrieb.example',
  inactiveOwner: 'ruhend@sonnenschein-vertrieb.example',
  employee: 'mitarbeiter@sonnenschein-vertrieb.example',
  noRole: 'ohnerolle@sonnenschein-vertrieb.example',
  otherAgency: 'inhaber@nordlicht-vertrieb.example',
} as const

type Sso = { Issuer: string; ClientId: string; Scopes: string[]; RedirectUri: string }

async function ssoOf(tenant: string): Promise<Sso> {
  const config = await call(`/api/v1/mandant/${tenant}`)
  return (config.json as { Settings: { Sso: Sso } }).Settings.Sso
}

/** A cookie jar of one browser at the provider. */
function jar() {
  const cookies = new Map<string, string>()
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        cookies.set(pair.slice(0, at), pair.slice(at + 1))
      }
    },
  }
}

export type IssuedCode = { code: string; verifier: string; state: string; redirect: URL }

/** Signs in at the provider as `login` and returns the code it sends to the tenant's /sso. */
export async function codeFromProvider(
  tenant: string,
  login: string,
  options: { nonce?: string } = {},
): Promise<IssuedCode> {
  const sso = await ssoOf(tenant)
  const discovery = (await (await fetch(`${sso.Issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string
  }
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(16).toString('base64url')
  const authorize = new URL(discovery.authorization_endpoint)
  authorize.search = new URLSearchParams({
    client_id: sso.ClientId,
    redirect_uri: sso.RedirectUri,
    response_type: 'code',
    scope: sso.Scopes.join(' '),
    state,
    nonce: options.nonce ?? ssoNonce(verifier),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const browser = jar()
  const step = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, sso.Issuer), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), Cookie: browser.header() },
    })
    browser.keep(response)
    await response.arrayBuffer()
    return response
  }
  const toForm = await step(authorize.href)
  const form = toForm.headers.get('location') ?? ''
  const signedIn = await step(`${form}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password: DEMO_AGENCY_PASSWORD }).toString(),
  })
  const back = await step(signedIn.headers.get('location') ?? '')
  const redirect = new URL(back.headers.get('location') ?? '', sso.Issuer)
  const code = redirect.searchParams.get('code')
  if (!code) throw new Error(`the provider sent no code for ${login}: ${redirect.href}`)
  return { code, verifier, state, redirect }
}

/** The whole sign-on through the main API: an agency user with token, roles and views. */
export async function agencySignIn(tenant: string, login: string): Promise<AgencyUser> {
  const { code, verifier } = await codeFromProvider(tenant, login)
  const answer = await call(`/api/v1/${tenant}/agentur/sso`, {
    method: 'PUT',
    body: { Code: code, Verifier: verifier },
  })
  if (answer.status !== 200) throw new Error(`sign-on of ${login} refused: ${answer.status} ${answer.text}`)
  return answer.json as AgencyUser
}
