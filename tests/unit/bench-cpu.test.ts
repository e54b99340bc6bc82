import { cpuSummaryLines, summarizeCpuProfile, type CpuProfile } from '../../scripts/bench-cpu.mjs'

const cwd = process.cwd()
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 })

/**
 * (root) → handle (app chunk) → query (pg) → query again (recursion) → writev (native); handle → parse
 * (zod); and idle. Samples of 1 ms each, from t = 1000 µs.
 */
function profile(samples: number[]): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 6] },
      {
        id: 2,
        callFrame: frame('handle', `file://${cwd}/.next-bench/server/chunks/app.js`),
        children: [3, 5],
      },
      { id: 3, callFrame: frame('query', `file://${cwd}/node_modules/pg/lib/client.js`), children: [4] },
      { id: 4, callFrame: frame('query', `file://${cwd}/node_modules/pg/lib/client.js`), children: [7] },
      { id: 5, callFrame: frame('parse', `file://${cwd}/node_modules/@zod/core/index.js`) },
      { id: 6, callFrame: frame('(idle)') },
      { id: 7, callFrame: frame('writev') },
    ],
    startTime: 1000,
    samples,
    timeDeltas: samples.map(() => 1000),
  }
}

describe('the CPU profile of a bench run', () => {
  it('counts self time in the function sampled and total time once per sample, however deep the recursion', () => {
    const summary = summarizeCpuProfile(profile([7, 7, 4, 5, 6]))
    expect(summary.sampledMs).toBe(5)
    expect(summary.idleMs).toBe(1)
    expect(summary.self).toEqual([
      { name: 'writev', ms: 2 },
      { name: 'query pg:10', ms: 1 },
      { name: 'parse @zod/core:10', ms: 1 },
    ])
    expect(summary.total).toEqual([
      { name: 'handle .next-bench/server/chunks/app.js:10', ms: 4 },
      { name: 'query pg:10', ms: 3 },
      { name: 'writev', ms: 2 },
      { name: 'parse @zod/core:10', ms: 1 },
    ])
    expect(summary.modules).toEqual([
      { name: '(native)', ms: 2 },
      { name: 'pg', ms: 1 },
      { name: '@zod/core', ms: 1 },
    ])
  })

  it('takes only the samples within the windows of a target', () => {
    // Sample times: 2000, 3000, 4000, 5000, 6000 µs.
    const summary = summarizeCpuProfile(profile([7, 7, 4, 5, 5]), {
      windows: [
        [1500, 2500],
        [4500, 5500],
      ],
    })
    expect(summary.sampledMs).toBe(2)
    expect(summary.self).toEqual([
      { name: 'writev', ms: 1 },
      { name: 'parse @zod/core:10', ms: 1 },
    ])
  })

  it('prints each row with its share of the busy time', () => {
    const lines = cpuSummaryLines(summarizeCpuProfile(profile([7, 7, 4, 6])))
    expect(lines[0]).toBe('  busy 3 ms of 4 ms sampled')
    expect(lines).toContain('     66.7 %       2 ms  writev')
  })
})
