// The server's CPU profile of a throughput run (BENCH_CPU_PROFILE=1, scripts/bench.mjs): node writes a
// .cpuprofile when the server stops (--cpu-prof); this reads it and says where the time went while one
// target was measured, per function (self: the samples in it; total: the samples with it anywhere on
// the stack, once per sample however deep the recursion) and per module (node_modules package, or the
// file of the portal's build). The profile's sample times and the bench's process.hrtime read the same
// monotonic clock, so the bench's windows of a target pick its samples.
import { readFileSync } from 'node:fs'

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], startTime: number, samples: number[], timeDeltas: number[] }} CpuProfile
 * @typedef {[number, number]} Window from and to, microseconds of the monotonic clock
 */

/** Now on the clock of the profile's samples, in microseconds. */
export function monotonicMicros() {
  return Number(process.hrtime.bigint() / 1000n)
}

/** Where a frame's code lives: a package, a file of the build, node's own code, or V8's pseudo frames. */
function moduleOf(/** @type {string} */ url) {
  if (!url) return '(native)'
  if (url.startsWith('node:')) return 'node'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  const build = /\/(\.next[^/]*\/.*)$/.exec(url)
  if (build) return build[1]
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')
}

function frameKey(/** @type {CallFrame} */ frame) {
  const name = frame.functionName || '(anonymous)'
  return frame.url ? `${name} ${moduleOf(frame.url)}:${frame.lineNumber + 1}` : name
}

/** A .cpuprofile, read once for the summaries of several targets. */
export function readCpuProfile(/** @type {string} */ file) {
  return /** @type {CpuProfile} */ (JSON.parse(readFileSync(file, 'utf8')))
}

/**
 * The top functions by self and by total time, and the modules by self time, in milliseconds, of the
 * samples within the windows (all of them without).
 * @param {CpuProfile} profile
 * @param {{ top?: number, windows?: Window[] }} [options] how many rows of each
 */
export function summarizeCpuProfile(profile, { top = 25, windows } = {}) {
  /** @type {Map<number, ProfileNode>} */
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  /** @type {Map<number, number>} */
  const parents = new Map()
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id)

  /** @type {Map<string, number>} */ const self = new Map()
  /** @type {Map<string, number>} */ const total = new Map()
  /** @type {Map<string, number>} */ const modules = new Map()
  const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key, /** @type {number} */ ms) =>
    map.set(key, (map.get(key) ?? 0) + ms)
  let all = 0
  let idle = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) return
    const ms = delta / 1000
    const leaf = /** @type {ProfileNode} */ (nodes.get(id))
    all += ms
    if (leaf.callFrame.functionName === '(idle)') {
      idle += ms
      return
    }
    add(self, frameKey(leaf.callFrame), ms)
    add(modules, moduleOf(leaf.callFrame.url), ms)
    const seen = new Set()
    for (let node = /** @type {number | undefined} */ (id); node !== undefined; node = parents.get(node)) {
      const key = frameKey(/** @type {ProfileNode} */ (nodes.get(node)).callFrame)
      if (seen.has(key)) continue
      seen.add(key)
      add(total, key, ms)
    }
  })
  const ranked = (/** @type {Map<string, number>} */ map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms) }))
  return {
    sampledMs: Math.round(all),
    idleMs: Math.round(idle),
    self: ranked(self),
    total: ranked(total).filter((row) => !row.name.startsWith('(root)')),
    modules: ranked(modules),
  }
}

/** The summary as text lines for the console. */
export function cpuSummaryLines(/** @type {ReturnType<typeof summarizeCpuProfile>} */ summary) {
  const busy = summary.sampledMs - summary.idleMs
  const share = (/** @type {number} */ ms) => `${((100 * ms) / Math.max(busy, 1)).toFixed(1).padStart(5)} %`
  const rows = (/** @type {{ name: string, ms: number }[]} */ list) =>
    list.map((row) => `    ${share(row.ms)}  ${String(row.ms).padStart(6)} ms  ${row.name}`)
  return [
    `  busy ${busy} ms of ${summary.sampledMs} ms sampled`,
    '  by module (self):',
    ...rows(summary.modules),
    '  by function (self):',
    ...rows(summary.self),
    '  by function (total, with what it calls):',
    ...rows(summary.total),
  ]
}
