export type Counter = { count: number; ms: number }
export declare const PROFILE_KEY: unique symbol
export declare function newProfile(): {
  pageRequests: Counter
  apiRequests: Counter
  apiCalls: Counter
  sql: Counter
  statements: Record<string, Counter>
}
