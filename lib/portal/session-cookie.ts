/** The session cookie's name (SPEC §9: psoe_token), shared by lib/portal/session.ts and the proxy's early check. */
export const SESSION_COOKIE = 'psoe_token'
