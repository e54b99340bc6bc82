import { PROFILE_KEY, type newProfile } from './profile-holder.mjs'

type Profile = ReturnType<typeof newProfile>
type Kind = 'apiCalls' | 'sql'

/** The profiling counters when the server runs with BENCH_PROFILE=1 (lib/edge/profile.mjs), else null. */
function profile(): Profile | null {
  return (globalThis as { [PROFILE_KEY]?: Profile })[PROFILE_KEY] ?? null
}

/** Runs `work`, and in the bench's profiling mode counts it and its time under `kind`. */
export function profiled<T>(kind: Kind, work: () => Promise<T>): Promise<T> {
  const counters = profile()
  if (!counters) return work()
  const started = performance.now()
  return work().finally(() => {
    counters[kind].count++
    counters[kind].ms += performance.now() - started
  })
}

/** Runs a SQL statement, and in the profiling mode counts it under its text as well. */
export function profiledStatement<T>(text: string, work: () => Promise<T>): Promise<T> {
  const counters = profile()
  if (!counters) return work()
  const started = performance.now()
  return profiled('sql', work).finally(() => {
    const counter = (counters.statements[text.slice(0, 160)] ??= { count: 0, ms: 0 })
    counter.count++
    counter.ms += performance.now() - started
  })
}

/** Whether the profiling mode is on (the database wraps its driver only then). */
export function profiling(): boolean {
  return profile() !== null
}
