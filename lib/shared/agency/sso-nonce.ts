import { createHash } from 'node:crypto'

/**
 * The OpenID nonce of a single sign-on, bound to its PKCE verifier: the portal sends it with the
 * authorization request, the engine expects it in the ID token it gets for `{Code, Verifier}` (SPEC
 * §7.1 PUT agentur/sso carries no nonce). Only who holds the verifier can name it, so an ID token is
 * accepted only for the sign-on it was made for.
 */
export function ssoNonce(verifier: string): string {
  return createHash('sha256').update(`agentur-sso-nonce:${verifier}`).digest('base64url')
}
