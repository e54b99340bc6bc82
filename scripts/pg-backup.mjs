// @ts-check
// Backup and restore of the portal's PostgreSQL database (README, Operations), with PostgreSQL's own tools:
//   node scripts/pg-backup.mjs backup  <database-url> <file>   pg_dump in the custom format (compressed,
//                                                              every table, sequence and index; no owners
//                                                              or grants, so it restores under any role)
//   node scripts/pg-backup.mjs restore <file> <database-url>   pg_restore into an empty database (create it
//                                                              first); --exit-on-error, one transaction
// The servers may keep running during a backup (pg_dump reads one consistent snapshot). Restore into a
// new database and point DATABASE_URL at it, then start the servers: they find the migrations applied.
// tests/db/api/backup-restore.test.ts runs exactly these commands.
import { spawnSync } from 'node:child_process'

const [command, first, second] = process.argv.slice(2)

/** @param {string} tool @param {string[]} args */
function run(tool, args) {
  const result = spawnSync(tool, args, { stdio: 'inherit' })
  if (result.error) {
    console.error(`${tool}: ${result.error.message} (PostgreSQL's client tools must be installed)`)
    process.exit(1)
  }
  process.exit(result.status ?? 1)
}

if (command === 'backup' && first && second) {
  run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${second}`,
    `--dbname=${first}`,
  ])
} else if (command === 'restore' && first && second) {
  run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${second}`,
    first,
  ])
} else {
  console.error(
    'usage: node scripts/pg-backup.mjs backup <database-url> <file> | restore <file> <database-url>',
  )
  process.exit(2)
}
