export declare const TENANT_SLUG: RegExp
export declare const RESERVED_SLUGS: Set<string>
export declare function isValidTenantSlug(slug: string): boolean
