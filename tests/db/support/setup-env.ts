import {
  TEST_API_TOKEN_SECRET,
  TEST_FIELD_ENCRYPTION_SECRET,
  TEST_OPERATOR_API_KEY,
  TEST_SESSION_SECRET,
  TEST_PORT,
} from './test-server'

// The test process signs and reads tokens with the server's secret (see global-setup.ts); engine
// tests open their own in-memory PGlite unless DATABASE_URL points at PostgreSQL.
process.env.API_TOKEN_SECRET = TEST_API_TOKEN_SECRET
process.env.SESSION_SECRET = TEST_SESSION_SECRET
process.env.PGLITE_DATA_DIR = 'memory://'
process.env.OPERATOR_API_KEY = TEST_OPERATOR_API_KEY
process.env.FIELD_ENCRYPTION_SECRET = TEST_FIELD_ENCRYPTION_SECRET
process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${TEST_PORT}`
