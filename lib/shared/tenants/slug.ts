/** Tenant slugs: the rule lives in slug-rule.mjs, which server.mjs's edge steps read too. */
export { isValidTenantSlug, RESERVED_SLUGS, TENANT_SLUG } from './slug-rule.mjs'
