import { config } from 'zod/v4/core'

/**
 * Runs in the browser before the app's own modules (Next's instrumentation-client convention).
 *
 * zod compiles fast object parsers with `new Function` where a page allows it, and finds out by trying
 * `new Function('')` as soon as a form's schema is created. The portal's CSP allows no eval (nor any
 * inline script but Next's own, lib/edge/csp.mjs), so that try is refused, and the browser reports it
 * as a Content-Security-Policy violation on every page with a form. jitless: zod parses without
 * compiling and never tries; it must be set before the first schema is created, hence here.
 */
config({ jitless: true })
