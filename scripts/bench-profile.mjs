// The profiling mode of npm run bench: where one request's time goes. The server runs with
// BENCH_PROFILE=1 (lib/edge/profile.mjs), which counts and times, for the whole process, the page and
// main-API requests it serves, the calls the portal's main-API client makes (over loopback) and the SQL
// statements; GET /__profile answers the sums so far. Each target is asked `requests` times, one after
// the other on one connection, after a warm-up, and the difference of the sums before and after is
// divided by the number of requests: per request its wall time, its main-API calls and their time, its
// SQL statements and their time, and the rest (rendering for a page: wall − calls; the handler's own
// work for a main-API call: wall − SQL). Parallel calls of one page overlap: where their time exceeds
// the page's, the rest is left open. The mail worker and the periodic jobs are off in this server, so no background statement
// is counted (the idle rate is measured and reported to show it); the creating calls leave their mails
// in the outbox.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function counters(base) {
  const response = await fetch(`${base}/__profile`, { signal: AbortSignal.timeout(10_000) })
  if (response.status !== 200)
    throw new Error(`/__profile answered ${response.status}: is BENCH_PROFILE=1 set?`)
  return response.json()
}

/** One request of the target (its `request()` gives method, path, headers and body); its status. */
export async function send(base, target) {
  const { method, path, headers, body } = target.request()
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  return { status: response.status, text }
}

const round = (value) => Math.round(value * 10) / 10

/**
 * @param {{ base: string, targets: object[], requests: number, warmup: number, statements?: boolean }} options
 * With `statements`, each row also lists its statements (printed under the row).
 * @returns {Promise<{ idleSqlPerSecond: number, requests: number, rows: object[] }>}
 */
export async function profileTargets({ base, targets, requests, warmup, statements = false }) {
  const idleBefore = await counters(base)
  await sleep(2_000)
  const idleAfter = await counters(base)
  const idleSqlPerSecond = round((idleAfter.sql.count - idleBefore.sql.count) / 2)

  const rows = []
  for (const target of targets) {
    for (let i = 0; i < warmup; i++) await send(base, target)
    const before = await counters(base)
    let wallMs = 0
    let failed = 0
    for (let i = 0; i < requests; i++) {
      const started = performance.now()
      const { status } = await send(base, target)
      wallMs += performance.now() - started
      if (status !== target.expect.status) failed++
    }
    const after = await counters(base)
    const per = (kind, field) => (after[kind][field] - before[kind][field]) / requests
    const wall = wallMs / requests
    const isPage = target.kind !== 'api'
    const rest = wall - (isPage ? per('apiCalls', 'ms') : per('sql', 'ms'))
    const row = {
      key: target.key,
      label: target.label,
      wallMs: round(wall),
      apiCalls: round(per('apiCalls', 'count')),
      apiCallMs: round(per('apiCalls', 'ms')),
      // The same calls as the main API's handlers served them (over loopback): the difference is the
      // client's share (HTTP, JSON, the zod check of the answer).
      apiServedMs: isPage ? round(per('apiRequests', 'ms')) : null,
      sql: round(per('sql', 'count')),
      sqlMs: round(per('sql', 'ms')),
      // Null where parallel calls took longer together than the page: the rest cannot be told apart.
      restMs: rest >= 0 ? round(rest) : null,
      rest: isPage ? 'render' : 'handler',
      failed,
    }
    if (statements) row.statements = statementsOf(before, after, requests)
    rows.push(row)
    console.log(
      `  ${target.label.padEnd(44)} ${String(row.wallMs).padStart(6)} ms  calls ${row.apiCalls} (${row.apiCallMs} ms, served ${row.apiServedMs ?? '-'} ms)  SQL ${row.sql} (${row.sqlMs} ms)  ${row.rest} ${row.restMs ?? '? (calls overlap)'} ms${failed ? `  ! ${failed} failed` : ''}`,
    )
    for (const s of row.statements ?? [])
      console.log(`      ${String(s.count).padStart(4)} × ${String(s.ms).padStart(6)} ms  ${s.text}`)
  }
  return { idleSqlPerSecond, requests, rows }
}

/** Per request, each statement text that ran (its first 160 characters): how often and for how long, longest first. */
function statementsOf(before, after, requests) {
  return Object.entries(after.statements)
    .map(([text, { count, ms }]) => ({
      text,
      count: round((count - (before.statements[text]?.count ?? 0)) / requests),
      ms: round((ms - (before.statements[text]?.ms ?? 0)) / requests),
    }))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.ms - a.ms)
}
