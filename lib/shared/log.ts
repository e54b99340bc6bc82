import { createLogger } from '@/lib/edge/logger.mjs'

/**
 * Structured one-line JSON logs (pino, lib/edge/logger.mjs: level, time, message, the request's id).
 * Callers pass only what is safe to keep: never passwords, tokens, IBANs or full personal data
 * (QUALITY §Security 14); `redact` masks such keys if they slip in.
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const SECRET_KEYS = /pass|token|secret|iban|authorization|cookie|email|geburtsdatum|telefon/i

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : v]),
  )
}

let logger: ReturnType<typeof createLogger> | undefined

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  logger ??= createLogger()
  logger[level](redact(fields), message)
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
}
