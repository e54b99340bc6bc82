/**
 * The server the db project's API tests call: one production server on a port no other suite uses,
 * with fixed test secrets so tests can mint tokens of their own (lib/engine/auth/token.ts).
 */
export const TEST_PORT = Number(process.env.JEST_DB_PORT ?? 3101)
export const BASE_URL = `http://127.0.0.1:${TEST_PORT}`

/** 64-hex values used only by this suite (the server and the test process share them). */
export const TEST_SESSION_SECRET = '5e55105e55105e55105e55105e55105e55105e55105e55105e55105e55105e55'
export const TEST_API_TOKEN_SECRET = '7e57a91700c0ffee7e57a91700c0ffee7e57a91700c0ffee7e57a91700c0ffee'

/** Host mapping of the test build (scripts/test-all.mjs builds with the same value). */
export const TEST_TENANT_HOSTS = 'demo.localhost=demo,closed.localhost=demo-closed'

/** The operator key of the test server (operator calls: admin login tokens, account locks). */
export const TEST_OPERATOR_API_KEY = '0pe7a70r0pe7a70r0pe7a70r0pe7a70r0pe7a70r0pe7a70r0pe7a70r0pe7a70r'

/**
 * The key of encrypted fields (bank data, customer numbers) shared by the server and the engine tests of
 * this suite, whatever checkout runs it: rows one run leaves in a shared PostgreSQL stay readable.
 */
export const TEST_FIELD_ENCRYPTION_SECRET = 'f1e1d5ecf1e1d5ecf1e1d5ecf1e1d5ecf1e1d5ecf1e1d5ecf1e1d5ecf1e1d5ec'
