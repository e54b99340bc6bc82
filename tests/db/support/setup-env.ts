import { TEST_API_TOKEN_SECRET, TEST_SESSION_SECRET } from './test-server'

// The test process signs and reads tokens with the server's secret (see global-setup.ts); engine
// tests open their own in-memory PGlite unless DATABASE_URL points at PostgreSQL.
process.env.API_TOKEN_SECRET = TEST_API_TOKEN_SECRET
process.env.SESSION_SECRET = TEST_SESSION_SECRET
process.env.PGLITE_DATA_DIR = 'memory://'
