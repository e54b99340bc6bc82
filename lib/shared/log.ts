/**
 * Structured one-line JSON logs. Callers pass only what is safe to keep: never passwords, tokens,
 * IBANs or full personal data (QUALITY §Security 14); `redact` masks such keys if they slip in.
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }
const SECRET_KEYS = /pass|token|secret|iban|authorization|cookie|email|geburtsdatum|telefon/i

function threshold(): number {
  const level =
    (process.env.LOG_LEVEL as Level | undefined) ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info')
  return ORDER[level] ?? ORDER.info
}

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : v]),
  )
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (ORDER[level] < threshold()) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...redact(fields) })
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
}
