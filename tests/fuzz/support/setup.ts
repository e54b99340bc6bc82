import { FUZZ_PORT } from './fuzz-port'

// The db suite's helpers (tests/db/support: call, registration, mailbox) address the server on
// JEST_DB_PORT: in this project that is the test file's own fuzz server. Jest gives each test file its
// own copy of process.env, so no other file sees this. Required, not imported: imports would run before
// the assignment, and the db suite's modules read the port when they are loaded.
process.env.JEST_DB_PORT = String(FUZZ_PORT)
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('../../db/support/setup-env')

// Each test sends a thousand requests or more; the run is bounded by the input counts, not by time.
jest.setTimeout(900_000)
