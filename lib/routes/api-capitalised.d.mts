/** The SPEC's capitalised main-API words (the list is in api-capitalised.mjs). */
export declare const API_CAPITALISED: readonly string[]
