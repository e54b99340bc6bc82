import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import {
  enabledChannels,
  publicTenantConfigSchema,
  SHARE_CHANNEL_MODULES,
  tenantSettingsSchema,
  toPublicConfig,
  type TenantSettingsInput,
} from './settings'
import { isValidTenantSlug } from './slug'

const MINIMAL: TenantSettingsInput = {
  Name: 'Testnetz',
  ProgrammName: 'Testnetz Empfehlen',
  SupportEmail: 'support@testnetz.example',
  MandantUrl: 'https://www.testnetz.example',
}

const demo = (slug: string) => tenantSettingsSchema.parse(DEMO_TENANTS.find((t) => t.slug === slug)!.settings)

describe('tenantSettingsSchema defaults', () => {
  const settings = tenantSettingsSchema.parse(MINIMAL)

  it('has the SPEC §3 display flags', () => {
    expect(settings.Display).toEqual({
      Banknotes: true,
      BountyNotice: true,
      Product: true,
      KeyVisual: true,
      Cta: true,
      FooterText: true,
      MarketingText: false,
      Carousel: false,
      StackedLayout: false,
      DisableFirstNameInput: false,
      DisableLastNameInput: false,
      DisableEmailInput: false,
      AcceptTermsOnButtonClick: false,
      CtaOffset: 0,
    })
  })

  it('has the SPEC §9 constants', () => {
    expect(settings.Limits).toEqual({
      RequestTimeoutMs: 300000,
      ChunkTimeoutMs: 120000,
      SmoothScrollMs: 300,
      TokenCheckIntervalSeconds: 60,
      AgentSearchPageSize: 6,
      RecommendationValidityDays: 60,
      RecipientDataRetentionWeeks: 12,
      ChannelCookieDays: 730,
      CookieLifetimeDays: 60,
      ExitIntentMs: 15000,
      ExitIntentEnabled: false,
    })
    expect(settings.RecommenderDefaultShare).toBe(100)
    expect(settings.Captcha).toBe('off')
    expect(settings.useInternalConsentManager).toBe(false)
    expect(settings.ConsentCookie).toEqual({
      ExpiresDays: 60,
      Path: '/',
      Secure: true,
      SameSite: 'None',
      Domain: null,
    })
  })

  it('has German as language and fallback, with de and en configured', () => {
    expect(settings.Language).toBe('de')
    expect(settings.FallbackLanguage).toBe('de')
    expect(settings.Languages).toEqual(['de', 'en'])
  })

  it('switches every share channel and access module off by default', () => {
    for (const channel of SHARE_CHANNEL_MODULES) expect(settings[channel]).toBe(-1)
    expect(enabledChannels(settings)).toEqual([])
    expect(settings.ModuleErzwingeLogin).toBe(false)
    expect(settings.ModuleAdv).toBe(false)
    expect(settings.IsAutologin).toBe(false)
    expect(settings.ModuleIBANNurDE).toBe(false)
    expect(settings.Content).toEqual({
      Source: 'files',
      Url: '',
      AppName: '',
      ClientId: '',
      ClientSecret: '',
      WebhookSecret: '',
      Ids: {},
    })
    expect(settings.ContentVariables).toEqual({})
    expect(settings.AgenturVariables).toEqual({})
  })
})

describe('tenantSettingsSchema validation', () => {
  it.each([
    ['a channel below -1', { ModuleGmail: -2 }],
    ['a fractional channel', { ModuleGmail: 1.5 }],
    ['a share above 100', { RecommenderDefaultShare: 101 }],
    ['an invalid support e-mail', { SupportEmail: 'support' }],
    ['a relative tenant URL', { MandantUrl: '/lumenta' }],
    ['an unknown language', { Language: 'fr' }],
    ['an unknown brand', { BrandVariant: 'neon' }],
    ['an unknown reward kind', { RewardKinds: ['crypto'] }],
  ])('rejects %s', (_label, change) => {
    expect(tenantSettingsSchema.safeParse({ ...MINIMAL, ...change }).success).toBe(false)
  })

  it('has no consent tool and no tracking endpoint by default, and accepts only safe addresses', () => {
    const defaults = tenantSettingsSchema.parse(MINIMAL)
    expect(defaults.ConsentTool).toEqual({ ScriptUrl: '' })
    expect(defaults.TrackingUrl).toBe('')
    for (const ScriptUrl of ['https://cmp.provider.example/loader.js', '/consent/tool.js'])
      expect(
        tenantSettingsSchema.parse({ ...MINIMAL, ConsentTool: { ScriptUrl } }).ConsentTool.ScriptUrl,
      ).toBe(ScriptUrl)
    for (const ScriptUrl of [
      'http://cmp.provider.example/loader.js',
      '//cmp.provider.example/loader.js',
      '/\\cmp.example/x.js',
      'javascript:alert(1)',
      'data:text/javascript,1',
      'tool.js',
    ])
      expect(tenantSettingsSchema.safeParse({ ...MINIMAL, ConsentTool: { ScriptUrl } }).success).toBe(false)
    expect(
      tenantSettingsSchema.parse({ ...MINIMAL, TrackingUrl: 'http://127.0.0.1:9/matomo.php' }).TrackingUrl,
    ).toBe('http://127.0.0.1:9/matomo.php')
    for (const TrackingUrl of ['matomo.php', 'ftp://matomo.example/', 'javascript:1'])
      expect(tenantSettingsSchema.safeParse({ ...MINIMAL, TrackingUrl }).success).toBe(false)
  })

  it('requires the identity fields', () => {
    const result = tenantSettingsSchema.safeParse({})
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['Name', 'ProgrammName', 'SupportEmail', 'MandantUrl']))
  })
})

describe('toPublicConfig', () => {
  it('never carries the content client secret', () => {
    for (const { slug, settings } of DEMO_TENANTS) {
      const parsed = tenantSettingsSchema.parse(settings)
      const secret = parsed.Content.ClientSecret
      expect(secret.length).toBeGreaterThan(0)
      const config = toPublicConfig(slug, parsed)
      expect(config.Slug).toBe(slug)
      expect(config.Settings.Content).not.toHaveProperty('ClientSecret')
      expect(config.Settings.Content.AppName).toBe(parsed.Content.AppName)
      expect(JSON.stringify(config)).not.toContain(secret)
      expect(JSON.stringify(config)).not.toContain('ClientSecret')
      expect(publicTenantConfigSchema.parse(config).Slug).toBe(slug)
      // The tenant object itself keeps the secret for server-side use.
      expect(parsed.Content.ClientSecret).toBe(secret)
    }
  })
})

describe('enabledChannels', () => {
  it('lists the enabled channels by their sort order and leaves out -1', () => {
    const settings = tenantSettingsSchema.parse({
      ...MINIMAL,
      ModuleTwitter: 0,
      ModuleWhatsapp: 5,
      ModuleEmailClient: 2,
      ModuleGmail: -1,
      ModuleLinkedIn: 3,
    })
    expect(enabledChannels(settings)).toEqual([
      'ModuleTwitter',
      'ModuleEmailClient',
      'ModuleLinkedIn',
      'ModuleWhatsapp',
    ])
  })

  it('works on the public configuration and on the demo tenants', () => {
    expect(enabledChannels(toPublicConfig('demo-closed', demo('demo-closed')).Settings)).toEqual([
      'ModuleEmailClient',
      'ModuleWhatsapp',
      'ModuleLinkedIn',
    ])
    expect(enabledChannels(demo('demo'))).toEqual([
      'ModuleEmailClient',
      'ModuleGmail',
      'ModuleOutlook',
      'ModuleYahoo',
      'ModuleWhatsapp',
      'ModuleFacebook',
      'ModuleXing',
      'ModuleLinkedIn',
      'ModuleTwitter',
    ])
  })
})

describe('demo tenants', () => {
  it('parse with the schema and have valid slugs', () => {
    expect(DEMO_TENANTS.map((t) => t.slug)).toEqual(['demo', 'demo-closed'])
    for (const { slug, settings } of DEMO_TENANTS) {
      expect(isValidTenantSlug(slug)).toBe(true)
      expect(tenantSettingsSchema.safeParse(settings).success).toBe(true)
    }
  })

  it('make demo-closed the forced-login, ADV, German-IBAN tenant', () => {
    const closed = demo('demo-closed')
    expect(closed.ModuleErzwingeLogin).toBe(true)
    expect(closed.ModuleAdv).toBe(true)
    expect(closed.ModuleIBANNurDE).toBe(true)
    const open = demo('demo')
    expect(open.ModuleErzwingeLogin).toBe(false)
    expect(open.ModuleAdv).toBe(false)
  })
})

describe('isValidTenantSlug', () => {
  it('accepts lower-case slugs and refuses reserved or malformed ones', () => {
    expect(isValidTenantSlug('lumenta')).toBe(true)
    expect(isValidTenantSlug('a1')).toBe(true)
    for (const slug of [
      'api',
      'mandant',
      'de',
      'en',
      'status',
      'a',
      'A1',
      '1a',
      'a_b',
      'a b',
      `a${'b'.repeat(40)}`,
    ]) {
      expect(isValidTenantSlug(slug)).toBe(false)
    }
  })
})
