/** Tenant slugs: the first path segment of a tenant's pages, checked before anything is looked up. */

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
])

export function isValidTenantSlug(slug: string): boolean {
  return TENANT_SLUG.test(slug) && !RESERVED_SLUGS.has(slug)
}
