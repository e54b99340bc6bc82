export declare const CONSENT_DECIDED_ATTRIBUTE: 'data-consent-decided'
export declare const TENANT_ATTRIBUTE: 'data-tenant'
export declare const CONSENT_MARK_COOKIE: { name: string; version: string; decided: string[] }
export declare const FIRST_PAINT_SCRIPT: string
