// Which statements the engine prepares once and keeps (the database thread's prepared statements for
// PGlite, node-postgres's named statements for PostgreSQL): one rule for both.

/** Statement texts prepared at most per process; beyond them (texts made from data) each is parsed anew. */
export const PREPARED_LIMIT = 1000

/** Reads and writes are asked again and again; DDL and transaction control are not worth keeping. */
const REPEATED = /^\s*(select|insert|update|delete|with)\b/i

/** Whether a statement's text is worth preparing once (asked for every statement: kept cheap). */
export function isRepeatedStatement(text) {
  return REPEATED.test(text)
}
