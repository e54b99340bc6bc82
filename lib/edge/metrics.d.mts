import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Registry } from 'prom-client'

export type EngineMetrics = {
  outboxDepth: number
  outboxOldestAgeSeconds: number
  jobLagSeconds: number | null
}
export declare function routeLabel(url: string): string
export type Answered = { method: string; route: string; status: number; seconds: number }
export declare function createMetrics(options?: {
  token?: string
  answered?: (answer: Answered, res: ServerResponse) => void
  engine?: () => (() => Promise<EngineMetrics>) | undefined
}): {
  observe: (req: IncomingMessage, res: ServerResponse) => void
  step: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  registry: Registry
}
