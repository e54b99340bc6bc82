// @ts-check
/**
 * Tenant slugs: the first path segment of a tenant's pages, checked before anything is looked up. Plain
 * JavaScript, so server.mjs's edge steps (lib/edge/forced-login.mjs) share the rule with the app.
 */

export const TENANT_SLUG = /^[a-z][a-z0-9-]{1,39}$/

/** Path segments that can never be tenant slugs (they are routes of their own). */
export const RESERVED_SLUGS = new Set([
  'api',
  'mandant',
  'de',
  'en',
  'static',
  'public',
  'sso',
  'favicon-ico',
  'assets',
  'status',
  'dev',
  'healthz',
  'readyz',
  'metrics',
])

/** @param {string} slug */
export function isValidTenantSlug(slug) {
  return TENANT_SLUG.test(slug) && !RESERVED_SLUGS.has(slug)
}
