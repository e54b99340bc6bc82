// The markdown of npm run bench's report (bench-results/<name>.md): one throughput table with a column
// group per database, then the profile per database. The same numbers are in the JSON beside it.

const yesNo = (met) => (met === null ? '' : met ? 'yes' : '**no**')
const cell = (value) => (value === undefined || value === null ? '' : String(value))

function throughputTable(report) {
  const measured = Object.entries(report.databases).filter(([, d]) => d.throughput)
  if (measured.length === 0) return []
  // The targets in the order of the first database that has each (the cached pages run on one only).
  const keys = []
  for (const [, d] of measured)
    for (const key of Object.keys(d.throughput.summary)) if (!keys.includes(key)) keys.push(key)
  const header = ['target', 'conn.', 'goal']
  for (const [, d] of measured) header.push(`${d.label} req/s`, 'p99 ms', '× static', 'met')
  const rows = keys.map((key) => {
    const any = measured.map(([, d]) => d.throughput.summary[key]).find(Boolean)
    const row = [any.label, any.connections, any.goal]
    for (const [, d] of measured) {
      const s = d.throughput.summary[key]
      row.push(
        ...(s
          ? [s.reqPerSec.toFixed(1), s.p99Ms.toFixed(0), s.ratio.toFixed(3), yesNo(s.met)]
          : ['', '', '', '']),
      )
    }
    return row
  })
  const errors = measured.flatMap(([, d]) =>
    Object.values(d.throughput.summary)
      .filter((s) => s.non2xx + s.errors > 0)
      .map(
        (s) =>
          `${d.label}: ${s.label} ${s.non2xx} non-2xx, ${s.errors} errors (${JSON.stringify(s.statusCodes)})`,
      ),
  )
  const tally = measured.map(([, d]) => {
    const judged = Object.values(d.throughput.summary).filter((s) => s.met !== null)
    return `${d.label}: ${judged.filter((s) => s.met).length} of ${judged.length} targets met`
  })
  return [
    '## Throughput',
    '',
    table(header, rows),
    '',
    `${tally.join('; ')}.`,
    '',
    errors.length ? `Errors (not comparable): ${errors.join('; ')}.` : 'Every request answered 2xx.',
    '',
  ]
}

const PROFILE_COLUMNS = [
  'target',
  'wall ms',
  'main-API calls',
  'in calls ms',
  'served ms',
  'SQL statements',
  'in SQL ms',
  'render / handler ms',
]

function profileTables(report) {
  const profiled = Object.entries(report.databases).filter(([, d]) => d.profile)
  if (profiled.length === 0) return []
  const lines = [
    '## Profile',
    '',
    'Per request, asked one at a time after a warm-up (BENCH_PROFILE=1, mail worker and jobs off): the',
    'wall time; the main-API calls the portal made and their time as the portal saw them (served: as the',
    "main API's handlers took them; the difference is HTTP over loopback, JSON and the answer's check);",
    'the SQL statements and their time; the rest (render = wall − calls for a page, handler = wall − SQL',
    'for a main-API call). Calls of one page may run in parallel: where their time exceeds the wall time,',
    'the rest is left open (?). On PostgreSQL a transaction also counts its BEGIN and COMMIT.',
    '',
  ]
  for (const [, d] of profiled) {
    const { rows, requests, idleSqlPerSecond } = d.profile
    lines.push(
      `### ${d.label}: ${requests} requests each, ${idleSqlPerSecond} SQL statements/s when idle`,
      '',
    )
    const cells = (r) => [
      r.label,
      r.wallMs,
      r.apiCalls,
      r.apiCallMs,
      r.apiServedMs,
      r.sql,
      r.sqlMs,
      r.restMs === null ? '? (calls overlap)' : `${r.restMs} (${r.rest})`,
    ]
    lines.push(table(PROFILE_COLUMNS, rows.map(cells)), '')
  }
  return lines
}

function table(header, rows) {
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** The report as markdown. */
export function markdownReport(report) {
  const { settings } = report
  const notes = Object.values(report.databases).flatMap((d) =>
    d.skipped ? [`${d.label} skipped: ${d.skipped}`] : (d.notes ?? []).map((n) => `${d.label}: ${n}`),
  )
  const load = report.loadAverage.before.map((l) => l.toFixed(1)).join(' ')
  return [
    `# npm run bench${report.scenario === 'pages' ? '' : ` -- ${report.scenario}`}`,
    '',
    `${report.date}, commit ${report.commit ?? 'unknown'}, Node ${report.node}, ${report.cpus} CPUs shared by`,
    `client, server and database (load average before: ${load}); ${settings.server} on the`,
    report.scenario === 'pages'
      ? `${settings.distDir} build. Throughput: ${settings.rounds} rounds × ${settings.durationSeconds} s per target after a ${settings.warmupSeconds} s warm-up.`
      : `${settings.distDir} build.`,
    '',
    ...throughputTable(report),
    ...profileTables(report),
    ...(notes.length ? ['## Notes', '', ...notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n')
}
