import { resetEnvForTests } from '@/lib/shared/env'
import { recommendationLink } from '@/lib/engine/recommendations/recommendation-link'
import { DEMO_TENANTS } from './demo-tenants'
import { portalBase, portalLink } from './portal-link'
import { toTenant } from './tenant'

const SECRETS = {
  SESSION_SECRET: 'a'.repeat(64),
  API_TOKEN_SECRET: 'b'.repeat(64),
  OPERATOR_API_KEY: 'c'.repeat(64),
  FIELD_ENCRYPTION_SECRET: 'd'.repeat(64),
}

const saved = { ...process.env }
function withEnv(values: Record<string, string | undefined>) {
  for (const key of ['PUBLIC_BASE_URL', 'APP_ENV', 'PORT']) delete process.env[key]
  Object.assign(process.env, SECRETS)
  for (const [key, value] of Object.entries(values)) if (value !== undefined) process.env[key] = value
  resetEnvForTests()
}
afterEach(() => {
  process.env = { ...saved }
  resetEnvForTests()
})

const demo = toTenant({ slug: 'demo', settings: DEMO_TENANTS.find((t) => t.slug === 'demo')!.settings })

describe('absolute links into the portal', () => {
  it('a development server on another port links to itself, not to a fixed port (issue 19, finding 13)', () => {
    withEnv({ APP_ENV: 'development', PORT: '3005' })
    expect(portalBase(demo)).toBe('http://localhost:3005/demo')
    expect(recommendationLink(demo, 'E123')).toBe('http://localhost:3005/demo/empfehlung/E123')
    expect(portalLink(demo, 'en', 'Login', undefined, { token: 't' })).toBe(
      'http://localhost:3005/demo/en/login?token=t',
    )
  })

  it('PUBLIC_BASE_URL wins over every configured address', () => {
    withEnv({ APP_ENV: 'production', PUBLIC_BASE_URL: 'http://127.0.0.1:3100/' })
    expect(portalBase(demo)).toBe('http://127.0.0.1:3100/demo')
    expect(recommendationLink(demo, 'E1')).toBe('http://127.0.0.1:3100/demo/empfehlung/E1')
  })

  it('production uses the tenant’s own portal and link domains', () => {
    withEnv({ APP_ENV: 'production' })
    expect(portalBase(demo)).toBe('https://empfehlen.lumenta.example')
    expect(recommendationLink(demo, 'E1')).toBe('https://empfehlen.lumenta.example/empfehlung/E1')
  })
})
