import { clientIpFromForwarded } from './client-ip'
import { devToolsEnabled, env, resetEnvForTests } from './env'

const SECRETS = {
  SESSION_SECRET: 's'.repeat(64),
  API_TOKEN_SECRET: 't'.repeat(64),
  OPERATOR_API_KEY: 'o'.repeat(64),
}
const KEYS = [
  'APP_ENV',
  'PORT',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'DATABASE_PREPARED_STATEMENTS',
  'PGLITE_DATA_DIR',
  'MAIN_API_URL',
  'SESSION_SECRET',
  'API_TOKEN_SECRET',
  'TENANT_HOSTS',
  'SEED_DEMO_TENANTS',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_WORKER_INTERVAL_SECONDS',
  'OPERATOR_API_KEY',
  'PUBLIC_BASE_URL',
  'TRUSTED_PROXY_HOPS',
  'DEV_TOOLS',
] as const

const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]))

/** Sets exactly these variables (secrets included, so no local secrets file is written). */
function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete process.env[key]
  Object.assign(process.env, SECRETS, values)
  resetEnvForTests()
}

afterAll(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvForTests()
})

describe('env()', () => {
  it('has working defaults for a fresh machine', () => {
    withEnv({})
    expect(env()).toMatchObject({
      APP_ENV: 'development',
      PORT: 3000,
      PGLITE_DATA_DIR: '.data/pglite',
      TENANT_HOSTS: {},
      SEED_DEMO_TENANTS: 'true',
      LOG_LEVEL: 'info',
      DATABASE_POOL_SIZE: 10,
      DATABASE_PREPARED_STATEMENTS: 'true',
      ...SECRETS,
    })
    expect(env().DATABASE_URL).toBeUndefined()
  })

  it('parses valid values', () => {
    withEnv({
      PORT: '3101',
      DATABASE_URL: 'postgresql://user@db.internal:5432/portal',
      MAIN_API_URL: 'https://api.example/api/v1',
      TENANT_HOSTS: 'Empfehlen.Lumenta.example=demo, closed.localhost = demo-closed',
      APP_ENV: 'staging',
    })
    expect(env()).toMatchObject({
      PORT: 3101,
      DATABASE_URL: 'postgresql://user@db.internal:5432/portal',
      MAIN_API_URL: 'https://api.example/api/v1',
      TENANT_HOSTS: { 'empfehlen.lumenta.example': 'demo', 'closed.localhost': 'demo-closed' },
      APP_ENV: 'staging',
    })
  })

  it('caches until resetEnvForTests', () => {
    withEnv({ PORT: '4000' })
    expect(env().PORT).toBe(4000)
    process.env.PORT = '4001'
    expect(env().PORT).toBe(4000)
    resetEnvForTests()
    expect(env().PORT).toBe(4001)
  })

  it.each([
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    ],
    [{ PORT: 'abc' }, 'PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'PORT:'],
    [{ TENANT_HOSTS: 'bad' }, 'TENANT_HOSTS: expected "host=tenant" pairs separated by commas, got "bad"'],
    [{ TENANT_HOSTS: 'a.example=Demo' }, 'got "a.example=Demo"'],
    [{ MAIN_API_URL: 'not a url' }, 'MAIN_API_URL: MAIN_API_URL must be an absolute http(s) URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: SESSION_SECRET must be at least 32 characters long'],
    [{ API_TOKEN_SECRET: 'short' }, 'API_TOKEN_SECRET: API_TOKEN_SECRET must be at least 32 characters long'],
    [{ SEED_DEMO_TENANTS: 'yes' }, 'SEED_DEMO_TENANTS: SEED_DEMO_TENANTS must be true or false'],
    [{ APP_ENV: 'prod' }, 'APP_ENV: APP_ENV must be one of production, staging, testing, development'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: LOG_LEVEL must be debug, info, warn or error'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a number'],
    [
      { DATABASE_PREPARED_STATEMENTS: 'yes' },
      'DATABASE_PREPARED_STATEMENTS: DATABASE_PREPARED_STATEMENTS must be true or false',
    ],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ MAIL_WORKER_INTERVAL_SECONDS: '-1' }, 'MAIL_WORKER_INTERVAL_SECONDS must be 0 (off) or more'],
  ])('explains a bad value: %j', (values, message) => {
    withEnv(values)
    expect(() => env()).toThrow('Invalid environment configuration')
    expect(() => env()).toThrow(message)
  })

  it('lists every bad variable in one error', () => {
    withEnv({ DATABASE_URL: 'mysql://x', PORT: 'abc', TENANT_HOSTS: 'bad' })
    let message = ''
    try {
      env()
    } catch (error) {
      message = (error as Error).message
    }
    expect(
      message
        .split('\n')
        .filter((line) => line.startsWith('  - '))
        .map((line) => line.split(':')[0]),
    ).toEqual(['  - PORT', '  - DATABASE_URL', '  - TENANT_HOSTS'])
  })
})

describe('developer tools (DEV_TOOLS)', () => {
  it('are off unless a command turns them on, also outside production', () => {
    withEnv({})
    expect(env().DEV_TOOLS).toBe('false')
    expect(devToolsEnabled()).toBe(false)
    for (const APP_ENV of ['development', 'testing', 'staging']) {
      withEnv({ APP_ENV })
      expect(devToolsEnabled()).toBe(false)
      withEnv({ APP_ENV, DEV_TOOLS: 'true' })
      expect(devToolsEnabled()).toBe(true)
    }
    withEnv({ DEV_TOOLS: 'false' })
    expect(devToolsEnabled()).toBe(false)
  })

  it('refuse to start together with APP_ENV=production', () => {
    withEnv({ APP_ENV: 'production', DEV_TOOLS: 'true' })
    expect(() => env()).toThrow('Invalid environment configuration')
    expect(() => env()).toThrow('DEV_TOOLS: DEV_TOOLS=true is refused with APP_ENV=production')
    expect(() => devToolsEnabled()).toThrow('DEV_TOOLS=true is refused with APP_ENV=production')
    withEnv({ APP_ENV: 'production' })
    expect(devToolsEnabled()).toBe(false)
  })

  it('take only true or false', () => {
    withEnv({ DEV_TOOLS: 'yes' })
    expect(() => env()).toThrow('DEV_TOOLS: DEV_TOOLS must be true or false')
  })
})

describe('demo tenants (SEED_DEMO_TENANTS)', () => {
  it('are inserted outside production unless turned off', () => {
    for (const APP_ENV of ['development', 'testing', 'staging']) {
      withEnv({ APP_ENV })
      expect(env().SEED_DEMO_TENANTS).toBe('true')
      withEnv({ APP_ENV, SEED_DEMO_TENANTS: 'false' })
      expect(env().SEED_DEMO_TENANTS).toBe('false')
    }
  })

  it('are not inserted in production unless a command asks for them', () => {
    withEnv({ APP_ENV: 'production' })
    expect(env().SEED_DEMO_TENANTS).toBe('false')
    withEnv({ APP_ENV: 'production', SEED_DEMO_TENANTS: 'true' })
    expect(env().SEED_DEMO_TENANTS).toBe('true')
  })
})

describe('client IP behind reverse proxies (TRUSTED_PROXY_HOPS)', () => {
  it('counts no proxy unless one is configured', () => {
    withEnv({})
    expect(env().TRUSTED_PROXY_HOPS).toBe(0)
    withEnv({ TRUSTED_PROXY_HOPS: '2' })
    expect(env().TRUSTED_PROXY_HOPS).toBe(2)
  })

  it('reads the one address server.mjs passes on', () => {
    expect(clientIpFromForwarded('203.0.113.9')).toBe('203.0.113.9')
    expect(clientIpFromForwarded('2001:db8::7')).toBe('2001:db8::7')
    // Under next dev a client's own entries may stand before the one Next's server appended.
    expect(clientIpFromForwarded('1.2.3.4, 203.0.113.9')).toBe('203.0.113.9')
    expect(clientIpFromForwarded(null)).toBeNull()
    expect(clientIpFromForwarded(' , ')).toBeNull()
    expect(clientIpFromForwarded('unknown')).toBeNull()
  })

  it('refuses counts outside 0 to 10', () => {
    withEnv({ TRUSTED_PROXY_HOPS: '-1' })
    expect(() => env()).toThrow(/TRUSTED_PROXY_HOPS must be a whole number from 0 to 10/)
    withEnv({ TRUSTED_PROXY_HOPS: '11' })
    expect(() => env()).toThrow(/TRUSTED_PROXY_HOPS must be a whole number from 0 to 10/)
  })
})
