import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'

// The backup and restore commands of the README (scripts/pg-backup.mjs), run for real on PostgreSQL:
// the suite's database is backed up while its server runs, restored into a new database, and the copy
// holds the same rows and the same applied migrations. Only where the suite runs on PostgreSQL.

const SOURCE = process.env.DATABASE_URL
const COPY = 'test_restore_copy'
const TABLES = [
  'tenants',
  'referrers',
  'recommendations',
  'rewards',
  'mail_outbox',
  'drizzle.__drizzle_migrations',
]

function postgresUrl(database: string): string {
  const url = new URL(SOURCE!)
  url.pathname = `/${database}`
  return url.toString()
}

async function counts(connectionString: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString })
  await client.connect()
  try {
    const result: Record<string, number> = {}
    for (const table of TABLES) {
      result[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
    }
    return result
  } finally {
    await client.end()
  }
}

async function admin(sql: string) {
  const client = new Client({ connectionString: postgresUrl('postgres') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function script(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/pg-backup.mjs', ...args], { encoding: 'utf8' })
}

describe('backup and restore of PostgreSQL (scripts/pg-backup.mjs)', () => {
  const run = SOURCE && spawnSync('pg_dump', ['--version']).status === 0 ? it : it.skip

  run('restores a backup taken while the server runs into a new database with the same rows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-backup-'))
    const file = path.join(dir, 'portal.dump')
    try {
      // Nothing writes the counted tables between the two reads below but the suite, which runs in band.
      const before = await counts(SOURCE!)
      const backup = script('backup', SOURCE!, file)
      expect([backup.status, backup.stderr]).toEqual([0, ''])
      await admin(`DROP DATABASE IF EXISTS ${COPY} WITH (FORCE)`)
      await admin(`CREATE DATABASE ${COPY}`)
      const restore = script('restore', file, postgresUrl(COPY))
      expect([restore.status, restore.stderr]).toEqual([0, ''])
      expect(await counts(postgresUrl(COPY))).toEqual(before)
    } finally {
      rmSync(dir, { recursive: true, force: true })
      await admin(`DROP DATABASE IF EXISTS ${COPY} WITH (FORCE)`)
    }
  })
})
