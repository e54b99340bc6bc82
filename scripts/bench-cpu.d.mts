export type Window = [number, number]
export type CpuProfile = {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    children?: number[]
  }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}
export type Row = { name: string; ms: number }
export type CpuSummary = { sampledMs: number; idleMs: number; self: Row[]; total: Row[]; modules: Row[] }
export declare function monotonicMicros(): number
export declare function readCpuProfile(file: string): CpuProfile
export declare function summarizeCpuProfile(
  profile: CpuProfile,
  options?: { top?: number; windows?: Window[] },
): CpuSummary
export declare function cpuSummaryLines(summary: CpuSummary): string[]
