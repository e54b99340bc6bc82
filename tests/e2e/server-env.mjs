// Values the end-to-end server (scripts/e2e-server.mjs) and the Playwright specs share.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const E2E_TENANT_HOSTS = 'demo.localhost=demo,closed.localhost=demo-closed'
/** The operator key of the end-to-end server (specs issue admin login tokens with it). */
export const E2E_OPERATOR_API_KEY = 'e2e0pe7a70r0e2e0pe7a70r0e2e0pe7a70r0e2e0pe7a70r0e2e0pe7a70r0e2e0'
