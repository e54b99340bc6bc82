import { produktKategorienSchema } from '@/lib/contracts/catalog'
import { routeTableSchema } from '@/lib/contracts/routes'
import { DEMO_CATEGORIES } from '@/lib/engine/tenants/demo-tenants'
import { publicTenantConfigSchema, SHARE_CHANNEL_MODULES } from '@/lib/shared/tenants/settings'
import { SPEC_LOGICAL_NAMES } from '@/tests/support/spec'
import { call, expectError } from '../support/http'

// The public calls of the main API: tenant configuration, route list and product categories.

describe('GET /api/v1/mandant/{tenant}', () => {
  it('answers the public configuration of demo without the content client secret', async () => {
    const response = await call('/api/v1/mandant/demo')
    expect(response.status).toBe(200)
    expect(response.text).not.toContain('demo-content-secret-lumenta-9f2c1e')
    expect(response.text).not.toContain('ClientSecret')
    const config = publicTenantConfigSchema.parse(response.json)
    expect(config.Slug).toBe('demo')
    expect(config.Settings.Name).toBe('Lumenta Telekom')
    expect(config.Settings.Content).toMatchObject({
      AppName: 'lumenta-empfehlen',
      ClientId: 'lumenta-empfehlen:portal',
    })
    expect(config.Settings.ModuleErzwingeLogin).toBe(false)
  })

  it('answers demo-closed with forced login, ADV, German IBANs only and channels switched off', async () => {
    const response = await call('/api/v1/mandant/demo-closed')
    expect(response.status).toBe(200)
    expect(response.text).not.toContain('demo-content-secret-fjordnet-41ab7d')
    expect(response.text).not.toContain('ClientSecret')
    const { Settings } = publicTenantConfigSchema.parse(response.json)
    expect(Settings).toMatchObject({ ModuleErzwingeLogin: true, ModuleAdv: true, ModuleIBANNurDE: true })
    const off = SHARE_CHANNEL_MODULES.filter((m) => Settings[m] === -1)
    expect(off).toEqual(
      expect.arrayContaining([
        'ModuleGmail',
        'ModuleOutlook',
        'ModuleYahoo',
        'ModuleFacebook',
        'ModuleXing',
        'ModuleTwitter',
      ]),
    )
    expect(Settings.ModuleEmailClient).toBeGreaterThanOrEqual(0)
  })

  it('is never cached by shared caches (it is answered per tenant)', async () => {
    const response = await call('/api/v1/mandant/demo')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it.each([
    'gibt-es-nicht',
    'DEMO',
    'mandant',
    'api',
    'x',
    `a${'b'.repeat(60)}`,
    'demo%20',
    '%27%20OR%201%3D1',
  ])('refuses the unknown tenant %s with MandantUnbekannt', async (tenant) => {
    expectError(await call(`/api/v1/mandant/${tenant}`), 404, 'MandantUnbekannt')
  })
})

type ScreenModule = 'ModuleCompanyRecommendation' | 'ModuleAgentRecommendation'

/** Whether the tenant has a module's screen, from its public configuration. */
async function hasModule(tenant: string, module: ScreenModule): Promise<boolean> {
  const config = await call(`/api/v1/mandant/${tenant}`)
  return (config.json as { Settings: Partial<Record<ScreenModule, boolean>> }).Settings[module] === true
}

/** The employee form (ModuleCompanyRecommendation). */
const hasEmployeeForm = (tenant: string) => hasModule(tenant, 'ModuleCompanyRecommendation')

describe('GET /api/v1/{tenant}/route/default', () => {
  it('lists every logical name of SPEC §2.1 with its path and flags', async () => {
    const response = await call('/api/v1/demo/route/default')
    expect(response.status).toBe(200)
    const { Routes } = routeTableSchema.parse(response.json)
    const names = Routes.flatMap((r) => [r.Name, ...r.Aliases])
    // A module's screen only where the tenant has the module (checked below).
    const gated = [
      ...((await hasEmployeeForm('demo')) ? [] : ['RecommendEmployee']),
      ...((await hasModule('demo', 'ModuleAgentRecommendation')) ? [] : ['AgentRecommendations']),
    ]
    for (const name of SPEC_LOGICAL_NAMES.filter((n) => !gated.includes(n))) expect(names).toContain(name)
    const byName = new Map(Routes.map((r) => [r.Name, r]))
    expect(byName.get('Homepage')).toMatchObject({ Path: '/', RequiresLogin: false })
    expect(byName.get('Dashboard')).toMatchObject({ Path: '/persoenlicherbereich', RequiresLogin: true })
    expect(byName.get('Admin')).toMatchObject({ Path: '/login/{adminLoginToken}' })
    expect(byName.get('Recommendation')).toMatchObject({ Path: '/empfehlen/{produktId}' })
    expect(byName.get('Exklusiv')).toMatchObject({ Path: '/exklusiv', RedirectTo: 'Code' })
    expect(byName.get('Login')).toMatchObject({ DisabledUnderAutologin: true, ForcedLoginWhitelist: true })
  })

  it("lists a module's screen only where the tenant has the module", async () => {
    const names = async (tenant: string) =>
      routeTableSchema.parse((await call(`/api/v1/${tenant}/route/default`)).json).Routes.map((r) => r.Name)
    // A fresh database seeds demo with ModuleCompanyRecommendation and demo-closed without; a shared
    // PostgreSQL keeps the settings it was seeded with, so each tenant is asked for its own.
    const screens = [
      ['RecommendEmployee', 'ModuleCompanyRecommendation'],
      ['AgentRecommendations', 'ModuleAgentRecommendation'],
    ] as const
    for (const tenant of ['demo', 'demo-closed'])
      for (const [screen, module] of screens) {
        const listed = (await names(tenant)).includes(screen)
        expect({ tenant, screen, listed }).toEqual({
          tenant,
          screen,
          listed: await hasModule(tenant, module),
        })
      }
    expect(await hasEmployeeForm('demo-closed')).toBe(false)
  })

  it('lists the customer-number and accessibility screens only where the settings offer them', async () => {
    for (const tenant of ['demo', 'demo-closed']) {
      const { Settings } = (await call(`/api/v1/mandant/${tenant}`)).json as {
        Settings: { RewardKinds: string[]; BarrierefreiheitserklaerungEnabled: boolean }
      }
      const names = routeTableSchema
        .parse((await call(`/api/v1/${tenant}/route/default`)).json)
        .Routes.map((r) => r.Name)
      expect({ tenant, listed: names.includes('CustomerNumber') }).toEqual({
        tenant,
        listed: Settings.RewardKinds.includes('credit'),
      })
      expect({ tenant, listed: names.includes('Accessibility') }).toEqual({
        tenant,
        listed: Settings.BarrierefreiheitserklaerungEnabled,
      })
    }
  })

  it('refuses an unknown tenant', async () => {
    expectError(await call('/api/v1/gibt-es-nicht/route/default'), 404, 'MandantUnbekannt')
  })
})

describe('GET /api/v1/{tenant}/produktkategorie', () => {
  it.each(['demo', 'demo-closed'])(
    'lists the categories of %s in their order, German by default',
    async (tenant) => {
      const response = await call(`/api/v1/${tenant}/produktkategorie`)
      expect(response.status).toBe(200)
      const categories = produktKategorienSchema.parse(response.json)
      const expected = DEMO_CATEGORIES[tenant]!
      expect(categories.map((c) => [c.Id, c.Slug, c.Name])).toEqual(
        expected.map((c) => [c.id, c.slug, c.name]),
      )
      const order = categories.map((c) => c.Sortierung)
      expect(order).toEqual([...order].sort((a, b) => a - b))
    },
  )

  it('answers English names for X-Accept-Language: en', async () => {
    const response = await call('/api/v1/demo/produktkategorie', { locale: 'en' })
    const categories = produktKategorienSchema.parse(response.json)
    expect(categories.map((c) => c.Name)).toEqual(DEMO_CATEGORIES.demo!.map((c) => c.nameEn))
  })

  it('falls back to German for an unknown language', async () => {
    const response = await call('/api/v1/demo/produktkategorie', { locale: 'fr' })
    expect(produktKategorienSchema.parse(response.json)[0]!.Name).toBe(DEMO_CATEGORIES.demo![0]!.name)
  })

  it('refuses an unknown tenant in both languages', async () => {
    expectError(await call('/api/v1/gibt-es-nicht/produktkategorie'), 404, 'MandantUnbekannt')
    expectError(
      await call('/api/v1/gibt-es-nicht/produktkategorie', { locale: 'en' }),
      404,
      'MandantUnbekannt',
      'en',
    )
  })
})
