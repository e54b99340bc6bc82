// @ts-check
/**
 * The largest request bodies, in bytes: the edge step (body-limit.mjs) enforces them before Next reads a
 * byte, and the main API's handlers read no more than the same numbers (lib/engine/http/api-handler.ts),
 * so a body the edge lets in is never refused by its handler for its size. Free of imports: the
 * handlers' bundle imports it too.
 */

const KiB = 1024
const MiB = 1024 * KiB

/** Server actions: Next's serverActions.bodySizeLimit default ("1 MB" = 1 MiB), so Next refuses nothing above it we let in. */
export const SERVER_ACTION_LIMIT = 1 * MiB
/** Main-API calls and every other route. */
export const DEFAULT_LIMIT = 64 * KiB
/** Up to 10,000 voucher codes (app/api/v1/[tenant]/operator/gutscheine): ~250 bytes each as JSON. */
export const VOUCHER_IMPORT_LIMIT = 4 * MiB
/** Up to 1,000 order reports (app/api/v1/[tenant]/auftraege): ~250 bytes each as JSON. */
export const ORDER_REPORT_LIMIT = 1 * MiB
/** The content service's change notices (lib/engine/content/content-webhook.ts). */
export const CONTENT_WEBHOOK_LIMIT = 1 * MiB

/** Main-API calls that take more than DEFAULT_LIMIT. */
export const LARGER = [
  { path: /^\/api\/v1\/[^/]+\/operator\/gutscheine\/?$/, limit: VOUCHER_IMPORT_LIMIT },
  { path: /^\/api\/v1\/[^/]+\/auftraege\/?$/, limit: ORDER_REPORT_LIMIT },
  { path: /^\/api\/v1\/[^/]+\/content\/webhook\/?$/, limit: CONTENT_WEBHOOK_LIMIT },
]
