import 'server-only'
import { createHmac } from 'node:crypto'
import { and, eq, inArray, is, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from '@/lib/engine/db'
import { limitCounters } from '@/lib/db/schema'
import { env } from '@/lib/shared/env'
import { ApiError } from '@/lib/shared/errors'
import { verifyCaptcha } from '@/lib/engine/captcha/verify-captcha'
import type { Clock } from '@/lib/engine/clock'

/**
 * The one way a limit is counted (QUALITY §Security 6): an attempt first takes its number with one
 * atomic increment (an upsert that answers the new count), and only then is anything decided or checked.
 * Parallel attempts therefore see each other: of 25 at once, each gets its own number, and only the
 * first numbers get through. An attempt that counts (a wrong password, a request sent) is then `count`ed;
 * one that was refused before it did anything is `release`d, so refusals never raise the count.
 */

/** What is counted under a key, and for how long; null: until cleared (the e-mail's failed logins). */
export type Counter = { key: string; windowMs: number | null }

/** The key of a counter: an HMAC of the kind and the value, so the table holds no e-mail or address. */
export function counterKey(kind: string, value: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`${kind}:${value}`).digest('hex')
}

/**
 * Reservations older than this are taken to be of attempts that never finished (a process that died):
 * a counter without any activity for so long starts without them. No attempt runs this long.
 */
const PENDING_LIFETIME_MS = 10 * 60 * 1000

export type Tally = {
  /** The attempts that counted within the window. */
  counted: number
  /** This attempt's number: the counted ones, those under way and this one. */
  number: number
}

export type Reservation = {
  /** Per counter, in the order given. */
  readonly tallies: Tally[]
  /** The attempt counts (a failure, a request sent): answers the new counted numbers. */
  count(): Promise<number[]>
  /** The attempt does not count (refused before it was checked, or a success that is not counted). */
  release(): Promise<void>
  /**
   * Runs the attempt's work in a transaction in which the attempt also counts, so both commit together:
   * no one sees the attempt counted and still under way at once (which would count it twice), and no
   * mail is sent that a crash leaves uncounted. After a rollback the reservation is still open.
   */
  countedTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
}

/**
 * Takes the next number on every counter, all in one atomic statement. Call `count` or `release`
 * exactly once afterwards (a second call does nothing), also when the attempt throws.
 */
export async function reserve(
  db: Db,
  tenantSlug: string,
  counters: Counter[],
  now: Date,
): Promise<Reservation> {
  const tallies = counters.length ? await reserveAll(db, tenantSlug, counters, now) : []
  let settled = false
  const settle = () => {
    const first = !settled
    settled = true
    return first
  }
  return {
    tallies,
    async count() {
      if (!settle()) return tallies.map((t) => t.counted)
      return counters.length ? countAll(db, tenantSlug, counters, now) : []
    },
    async release() {
      if (!settle()) return
      await db.execute(sql`
        update limit_counters set pending = greatest(limit_counters.pending - 1, 0), last_at = ${now.toISOString()}::timestamptz
          from ${withoutFlushWait(db)}
          where ${ofCounters(tenantSlug, counters)}`)
    },
    async countedTransaction(work) {
      if (settled) throw new Error('The reservation is settled already')
      const result = await db.transaction(async (tx) => {
        const answer = await work(tx)
        if (counters.length) await countAll(tx, tenantSlug, counters, now)
        return answer
      })
      settle()
      return result
    },
  }
}

/** The rows of these counters. */
function ofCounters(tenantSlug: string, counters: Counter[]) {
  return and(
    eq(limitCounters.tenantSlug, tenantSlug),
    inArray(
      limitCounters.keyHash,
      counters.map((c) => c.key),
    ),
  )
}

/**
 * A counter's statement on its own commits without waiting for the write-ahead log to reach the disk
 * (synchronous_commit off for its transaction only). Every attempt of a kind from one client takes the
 * same row, and with the wait each held that row for the length of a disk flush, so parallel attempts
 * queued behind each other's flushes (on PostgreSQL about a third of a recommendation's database time).
 * A crash can lose the last fraction of a second of counts and no more, which a rate limit can spare:
 * the attempts' own writes keep their durable commit. Inside a caller's transaction nothing changes, as
 * the setting would hold for everything that transaction writes. Joined as a FROM item of one row.
 */
function withoutFlushWait(db: Db) {
  return is(db, PgTransaction)
    ? sql`(select) as flush`
    : sql`(select set_config('synchronous_commit', 'off', true)) as flush`
}

/** A window that began at or before this moment is over. */
function windowOver(counter: Counter, now: Date): Date | null {
  return counter.windowMs === null ? null : new Date(now.getTime() - counter.windowMs)
}

/**
 * The counters' keys with what a row needs of each (`over`: the moment at or before which its window
 * began is over, or null), as a VALUES list in the order of the keys: one statement takes all of them,
 * and two attempts with the same counters lock their rows in the same order, so they never deadlock.
 */
function counterValues(counters: Counter[], now: Date) {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const rows = sorted.map((c) => sql`(${c.key}, ${windowOver(c, now)?.toISOString() ?? null}::timestamptz)`)
  return sql`(values ${sql.join(rows, sql`, `)}) as w(key, over)`
}

/** Answers of a statement over several counters, in the counters' order. */
function byKey<R extends { key_hash: string }>(counters: Counter[], result: unknown): R[] {
  const rows = (result as { rows: R[] }).rows
  return counters.map((c) => rows.find((r) => r.key_hash === c.key)!)
}

async function reserveAll(db: Db, tenantSlug: string, counters: Counter[], now: Date): Promise<Tally[]> {
  const values = counterValues(counters, now)
  const nowIso = now.toISOString()
  const idle = new Date(now.getTime() - PENDING_LIFETIME_MS).toISOString()
  // The window of a row that exists is over when it began at or before its counter's `over`.
  const expired = sql`limit_counters.window_start <= (select w.over from ${values} where w.key = excluded.key_hash)`
  const result = await db.execute(sql`
    insert into limit_counters (tenant_slug, key_hash, counted, pending, window_start, last_at)
    select ${tenantSlug}, w.key, 0, 1, ${nowIso}::timestamptz, ${nowIso}::timestamptz
      from ${values} cross join ${withoutFlushWait(db)} order by w.key
    on conflict (tenant_slug, key_hash) do update set
      counted = case when ${expired} then 0 else limit_counters.counted end,
      pending = case when limit_counters.last_at <= ${idle}::timestamptz then 1 else limit_counters.pending + 1 end,
      window_start = case when ${expired} then ${nowIso}::timestamptz else limit_counters.window_start end,
      last_at = ${nowIso}::timestamptz
    returning key_hash, counted, pending`)
  return byKey<{ key_hash: string; counted: number; pending: number }>(counters, result).map((row) => ({
    counted: row.counted,
    number: row.counted + row.pending,
  }))
}

async function countAll(db: Db, tenantSlug: string, counters: Counter[], now: Date): Promise<number[]> {
  const nowIso = now.toISOString()
  const result = await db.execute(sql`
    insert into limit_counters (tenant_slug, key_hash, counted, pending, window_start, last_at)
    select ${tenantSlug}, w.key, 1, 0, ${nowIso}::timestamptz, ${nowIso}::timestamptz
      from ${counterValues(counters, now)} cross join ${withoutFlushWait(db)} order by w.key
    on conflict (tenant_slug, key_hash) do update set
      counted = limit_counters.counted + 1,
      pending = greatest(limit_counters.pending - 1, 0),
      last_at = ${nowIso}::timestamptz
    returning key_hash, counted`)
  return byKey<{ key_hash: string; counted: number }>(counters, result).map((row) => row.counted)
}

/**
 * Counts something that happens without asking (a mail the engine sends on its own), so the attempts
 * that do ask see it: answers the new counted numbers.
 */
export async function record(db: Db, tenantSlug: string, counters: Counter[], now: Date): Promise<number[]> {
  return (await reserve(db, tenantSlug, counters, now)).count()
}

/**
 * The numbers the next attempt would take, without taking them: for the calls that only ask whether
 * a captcha will be needed.
 */
export async function peek(db: Db, tenantSlug: string, counters: Counter[], now: Date): Promise<Tally[]> {
  const rows = counters.length
    ? await db.select().from(limitCounters).where(ofCounters(tenantSlug, counters))
    : []
  return counters.map((counter) => {
    const row = rows.find((r) => r.keyHash === counter.key)
    if (!row) return { counted: 0, number: 1 }
    const over = windowOver(counter, now)
    const counted = over && row.windowStart <= over ? 0 : row.counted
    const pending = row.lastAt.getTime() <= now.getTime() - PENDING_LIFETIME_MS ? 0 : row.pending
    return { counted, number: counted + pending + 1 }
  })
}

/** Forgets a counter (a successful login, a new password, an operator's unlock). */
export async function clearCounter(db: Db, tenantSlug: string, key: string): Promise<void> {
  await db
    .delete(limitCounters)
    .where(and(eq(limitCounters.tenantSlug, tenantSlug), eq(limitCounters.keyHash, key)))
}

/** Where a limit starts to demand a captcha and where it refuses: from the number after each. */
export type Limit = { captchaAfter: number | null; refuseAfter: number | null }

export type LimitDecision = 'ok' | 'captcha' | 'refuse'

/**
 * Whether any counter passes its limit of this kind: by its attempt number (those under way included),
 * or by the attempts that counted reaching it.
 */
function passes(tallies: Tally[], limits: Limit[], kind: keyof Limit, by: 'number' | 'counted') {
  return tallies.some((tally, i) => {
    const after = limits[i]?.[kind]
    if (after === null || after === undefined) return false
    return by === 'number' ? tally.number > after : tally.counted >= after
  })
}

/**
 * What an attempt with these numbers needs: refused once any number passes its refusal limit, a
 * solved captcha once any passes its captcha limit. For the calls that only ask (peek).
 */
export function decide(tallies: Tally[], limits: Limit[]): LimitDecision {
  if (passes(tallies, limits, 'refuseAfter', 'number')) return 'refuse'
  if (passes(tallies, limits, 'captchaAfter', 'number')) return 'captcha'
  return 'ok'
}

/**
 * Holds a reserved attempt to its limits, in the order that tells a client the most: refused
 * (ZuVieleAnfragen) once the attempts that counted reach a refusal limit; then a solved captcha
 * (CaptchaRequired, CaptchaWrong) once its numbers pass a captcha limit; then refused (ZuVieleAnfragen)
 * if attempts under way would take it past a refusal limit. Throws; the caller releases.
 */
export async function enforceLimits(
  db: Db,
  args: {
    tenantSlug: string
    tallies: Tally[]
    limits: Limit[]
    captcha: { id?: string; answer?: string }
    clock: Clock
  },
): Promise<void> {
  if (passes(args.tallies, args.limits, 'refuseAfter', 'counted')) throw new ApiError('ZuVieleAnfragen')
  const needsCaptcha = passes(args.tallies, args.limits, 'captchaAfter', 'number')
  if (needsCaptcha)
    await verifyCaptcha(db, {
      tenantSlug: args.tenantSlug,
      id: args.captcha.id,
      answer: args.captcha.answer,
      clock: args.clock,
    })
  if (passes(args.tallies, args.limits, 'refuseAfter', 'number'))
    throw new ApiError('ZuVieleAnfragen', { captchaRequired: needsCaptcha })
}
