import 'server-only'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * The one place that reads process.env. Every variable is parsed here with a clear message
 * for each bad value; the rest of the code imports `env()`.
 */

const hostMapping = z.string().transform((value, ctx) => {
  const map: Record<string, string> = {}
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, tenant] = pair.split('=').map((p) => p.trim())
    if (!host || !tenant || !/^[a-z][a-z0-9-]{1,39}$/.test(tenant)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected "host=tenant" pairs separated by commas, got "${pair}"`,
      })
      return z.NEVER
    }
    map[host.toLowerCase()] = tenant
  }
  return map
})

const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters long (use: openssl rand -hex 32)`).optional()

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z
    .enum(['production', 'staging', 'testing', 'development'], {
      message: 'APP_ENV must be one of production, staging, testing, development',
    })
    .default('development'),
  PORT: z.coerce.number({ message: 'PORT must be a number' }).int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /**
   * Shared counters of the portal's own limits across servers (lib/portal/tracking/rate-limit.ts), and
   * the tenant changes for portal servers apart from the main API (lib/shared/tenant-change-redis.ts).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'DATABASE_POOL_SIZE must be a number' })
    .int()
    .min(1)
    .max(200)
    .default(10),
  /**
   * Whether the engine's statements are prepared once per PostgreSQL connection (lib/db/client.ts);
   * `false` for a connection pooler that does not keep them (PgBouncer in transaction mode before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'], { message: 'DATABASE_PREPARED_STATEMENTS must be true or false' })
    .default('true'),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  MAIN_API_URL: z
    .url({ message: 'MAIN_API_URL must be an absolute http(s) URL ending before /{tenant}' })
    .optional(),
  SESSION_SECRET: secret('SESSION_SECRET'),
  API_TOKEN_SECRET: secret('API_TOKEN_SECRET'),
  TENANT_HOSTS: hostMapping.default({}),
  /**
   * The demo tenants with their demo accounts (published passwords): unset, inserted outside production
   * only; with APP_ENV=production only where a command sets it to true (the image check does).
   */
  SEED_DEMO_TENANTS: z
    .enum(['true', 'false'], { message: 'SEED_DEMO_TENANTS must be true or false' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587',
    )
    .optional(),
  MAIL_WORKER_INTERVAL_SECONDS: z.coerce
    .number({ message: 'MAIL_WORKER_INTERVAL_SECONDS must be a number' })
    .int()
    .min(0, 'MAIL_WORKER_INTERVAL_SECONDS must be 0 (off) or more')
    .default(10),
  /** How often each server looks for due periodic jobs (each runs once per slot across servers); 0 = off. */
  JOB_INTERVAL_SECONDS: z.coerce
    .number({ message: 'JOB_INTERVAL_SECONDS must be a number' })
    .int()
    .min(0, 'JOB_INTERVAL_SECONDS must be 0 (off) or more')
    .default(300),
  OPERATOR_API_KEY: secret('OPERATOR_API_KEY'),
  /** 64 hex characters: the key material of bank data encrypted at rest (HKDF per purpose). */
  FIELD_ENCRYPTION_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'FIELD_ENCRYPTION_SECRET must be 64 hex characters (32 random bytes)')
    .optional(),
  /** Reverse proxies in front of server.mjs (lib/edge/client-address.mjs reads the same rule). */
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ message: 'TRUSTED_PROXY_HOPS must be a number' })
    .int('TRUSTED_PROXY_HOPS must be a whole number from 0 to 10')
    .min(0, 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10')
    .max(10, 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10')
    .default(0),
  PUBLIC_BASE_URL: z
    .url({ message: 'PUBLIC_BASE_URL must be an absolute http(s) URL such as http://localhost:3000' })
    .optional(),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error'], { message: 'LOG_LEVEL must be debug, info, warn or error' })
    .default('info'),
  /** Read by server.mjs's metrics step (lib/edge/metrics.mjs); checked here so a bad value stops the start. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** Read by server.mjs's stop sequence; checked here so a bad value stops the start. */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ message: 'SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600' })
    .int('SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600')
    .min(0, 'SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600')
    .max(600, 'SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600')
    .optional(),
  /**
   * Development aids (the local mailbox, captcha answers, moving recommendations back in time): off
   * unless a command turns them on; never together with APP_ENV=production (refused below).
   */
  DEV_TOOLS: z.enum(['true', 'false'], { message: 'DEV_TOOLS must be true or false' }).default('false'),
  /**
   * The local demo OpenID provider (scripts/demo-idp.mjs) that npm run demo and the test servers start:
   * on start, the demo tenants' single sign-on is pointed at it. Unset: stored settings stay as they are.
   */
  DEMO_IDP_URL: z.url({ message: 'DEMO_IDP_URL must be an absolute http(s) URL' }).optional(),
})

const refined = schema.superRefine((values, ctx) => {
  if (values.DEV_TOOLS === 'true' && values.APP_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_TOOLS'],
      message:
        'DEV_TOOLS=true is refused with APP_ENV=production: the developer tools (mailbox, captcha answers, backdating) never run in production',
    })
  }
})

export type Env = z.infer<typeof schema> & {
  SEED_DEMO_TENANTS: 'true' | 'false'
  SESSION_SECRET: string
  API_TOKEN_SECRET: string
  OPERATOR_API_KEY: string
  FIELD_ENCRYPTION_SECRET: string
}

let cached: Env | undefined

/** Parses the environment once; throws one error listing every bad variable. */
export function env(): Env {
  if (cached) return cached
  const parsed = refined.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const values = parsed.data
  cached = {
    ...values,
    SEED_DEMO_TENANTS: values.SEED_DEMO_TENANTS ?? (values.APP_ENV === 'production' ? 'false' : 'true'),
    SESSION_SECRET: values.SESSION_SECRET ?? localSecret('session'),
    API_TOKEN_SECRET: values.API_TOKEN_SECRET ?? localSecret('apiToken'),
    OPERATOR_API_KEY: values.OPERATOR_API_KEY ?? localSecret('operatorApiKey'),
    FIELD_ENCRYPTION_SECRET: values.FIELD_ENCRYPTION_SECRET ?? localSecret('fieldEncryption'),
  }
  return cached
}

/**
 * Whether the developer tools exist in this process: only when a command sets DEV_TOOLS=true (npm run
 * demo and the test servers do); never by default and never with APP_ENV=production. Off, their pages
 * and routes answer 404 and captcha answers are not kept in plain text.
 */
export function devToolsEnabled(): boolean {
  const { DEV_TOOLS, APP_ENV } = env()
  return DEV_TOOLS === 'true' && APP_ENV !== 'production'
}

/** For tests: forget the parsed environment so a changed process.env is read again. */
export function resetEnvForTests() {
  cached = undefined
}

/**
 * Without configured secrets (the embedded default on a fresh machine) the secrets are generated once
 * and kept in the git-ignored .data folder, so sessions survive a restart. Servers that share one
 * database must set SESSION_SECRET, API_TOKEN_SECRET and FIELD_ENCRYPTION_SECRET instead.
 */
function localSecret(name: 'session' | 'apiToken' | 'operatorApiKey' | 'fieldEncryption'): string {
  const file = path.resolve('.data', 'secrets.json')
  let secrets: Record<string, string> = {}
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('hex')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets[name]
}
