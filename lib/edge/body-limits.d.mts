export declare const SERVER_ACTION_LIMIT: number
export declare const DEFAULT_LIMIT: number
export declare const VOUCHER_IMPORT_LIMIT: number
export declare const ORDER_REPORT_LIMIT: number
export declare const CONTENT_WEBHOOK_LIMIT: number
export declare const LARGER: { path: RegExp; limit: number }[]
