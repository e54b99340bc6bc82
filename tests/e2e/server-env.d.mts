export declare const E2E_PORT: number
export declare const E2E_TENANT_HOSTS: string
export declare const E2E_OPERATOR_API_KEY: string
