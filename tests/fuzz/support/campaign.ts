import fc from 'fast-check'
import { checkAlone, checkBatch, FuzzFailure, type Judge } from './row-check'
import type { Answer, Wire } from './send'

/**
 * One fuzz campaign per call: inputs drawn with the call's seed, sent in concurrent batches under the
 * row check: FUZZ_RUNS inputs (npm test sends 400 per call), or, with FUZZ_CALL_SECONDS set, as many as fit
 * in that time per call but never fewer than FUZZ_MIN_RUNS (a quick local run). On a failure the failing input is replayed alone by fast-check from the same
 * seed and path and shrunk to the smallest input that still fails; the error names seed, path and input.
 *
 *   FUZZ_SEED=<n>          repeat a run (the seed is printed at the start of each test file)
 *   FUZZ_RUNS=<n>          inputs per call at most (default 1000)
 *   FUZZ_MIN_RUNS=<n>      inputs per call at least (default 100)
 *   FUZZ_CALL_SECONDS=<s>  time per call (default 0: FUZZ_RUNS whatever it takes)
 *   FUZZ_BATCH=<n>         requests in flight at once (default 8)
 */

export const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)
export const MIN_RUNS = Math.min(RUNS, Number(process.env.FUZZ_MIN_RUNS ?? 100))
export const CALL_SECONDS = Number(process.env.FUZZ_CALL_SECONDS ?? 0)
export const BATCH = Number(process.env.FUZZ_BATCH ?? 8)
export const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31)

/** A seed per call, from the run's seed and the call's name, so one call can be repeated alone (-t). */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return (SEED ^ hash) | 0
}

export function announceSeed(suite: string): void {
  const time = CALL_SECONDS > 0 ? ` or ${CALL_SECONDS} s (at least ${MIN_RUNS})` : ''
  console.log(`${suite}: FUZZ_SEED=${SEED}, ${RUNS} inputs per call${time}, ${BATCH} at a time`)
}

/** How the server answered, per call: the share that got past the parsers shows how deep input went. */
export const tally = new Map<string, Map<number, number>>()

export function tallyTable(): string {
  let total = 0
  const lines = [...tally].map(([name, statuses]) => {
    const counts = [...statuses].sort(([a], [b]) => a - b)
    const sent = counts.reduce((sum, [, n]) => sum + n, 0)
    total += sent
    return `${name}: ${sent} inputs, ${counts.map(([status, n]) => `${status}×${n}`).join(' ')}`
  })
  return `${lines.join('\n')}\n${total} inputs in all`
}

export type Campaign<T> = {
  name: string
  arbitrary: fc.Arbitrary<T>
  wire: (value: T) => Wire
  judge: Judge
  /** Looks after the world between batches (a call may have ended a session). */
  afterBatch?: (values: T[], answers: Answer[]) => Promise<void>
}

export async function fuzz<T>({ name, arbitrary, wire, judge, afterBatch }: Campaign<T>): Promise<void> {
  const seed = seedFor(name)
  const values = fc.sample(arbitrary, { seed, numRuns: RUNS })
  const statuses = new Map<number, number>()
  tally.set(name, statuses)
  const deadline = CALL_SECONDS > 0 ? Date.now() + CALL_SECONDS * 1000 : Infinity
  for (let start = 0; start < values.length; start += BATCH) {
    if (start >= MIN_RUNS && Date.now() > deadline) break
    const batch = values.slice(start, start + BATCH)
    let answers: Answer[]
    try {
      answers = await checkBatch(batch.map(wire), judge)
    } catch (error) {
      if (!(error instanceof FuzzFailure)) throw error
      await shrink({ name, arbitrary, wire, judge }, seed, start + error.index, error)
      throw error
    }
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    await afterBatch?.(batch, answers)
  }
}

/** Replays the failing input alone and lets fast-check shrink it; its report names seed and path. */
async function shrink<T>(campaign: Campaign<T>, seed: number, path: number, original: FuzzFailure) {
  const property = fc.asyncProperty(campaign.arbitrary, async (value) => {
    await checkAlone(campaign.wire(value), campaign.judge)
  })
  try {
    await fc.assert(property, { seed, path: String(path) })
  } catch (error) {
    throw new Error(
      `${campaign.name} (FUZZ_SEED=${SEED}):\n${String(error instanceof Error ? error.message : error)}`,
      {
        cause: original,
      },
    )
  }
  original.message += `\n  (FUZZ_SEED=${SEED}, seed ${seed}, path ${path}: did not fail again when sent alone)`
}
