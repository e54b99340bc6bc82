import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'

/**
 * Every tenant setting of SPEC §3 in one schema, with the SPEC's defaults (§3 display flags, §9 constants).
 * A new setting is one line here with its default; code reads it from the tenant object.
 */

/** Share channel module: -1 = off, otherwise the channel's sort order. */
const channel = z.number().int().min(-1).default(-1)

export const BRAND_VARIANTS = ['aurora', 'fjord'] as const
export type BrandVariant = (typeof BRAND_VARIANTS)[number]

export const APP_ENVIRONMENTS = ['production', 'staging', 'testing', 'development'] as const
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number]

const perEnvironment = <T extends z.ZodType>(value: T) =>
  z.object({ production: value, staging: value, testing: value, development: value })

export const PRODUKT_API_MODES = ['builtin', 'provider', 'mixed'] as const

const sameSite = z.enum(['None', 'Lax', 'Strict'])

export const tenantSettingsSchema = z.object({
  // Identity and brand
  Name: z.string().min(1),
  ProgrammName: z.string().min(1),
  BrandVariant: z.enum(BRAND_VARIANTS).default('aurora'),
  SupportEmail: z.email(),
  /**
   * The support hotline (SPEC §9: its hours are given in the FAQ): the number as shown, and the hours per
   * language. Shown on the contact page, and in content as {{Hotline}}, {{HotlineTel}}, {{HotlineZeiten}}
   * (over the content service's variables of those names). Null: no hotline, only mail and the form.
   */
  Hotline: z
    .object({
      Nummer: z.string().regex(/^\+?[0-9 /()-]{6,30}$/),
      Zeiten: z.object({ de: z.string().min(1).max(200), en: z.string().min(1).max(200).optional() }),
    })
    .nullable()
    .default(null),
  ProduktkategorieKurz: z.string().default('Produkte'),

  // Where the portal lives and how it is embedded
  MandantUrl: z.url(),
  EmpfehlenPath: z.string().default('/empfehlen'),
  EmpfehlenWebPage: z.string().default(''),
  ModuleIntegratedFrame: z.boolean().default(false),
  FrameAncestors: z.array(z.url()).default([]),
  RecommendationLinkDomains: perEnvironment(z.string()).optional(),

  // Content service (Squidex-type) credentials; the client secret never leaves the server
  Content: z
    .object({
      Source: z.enum(['files', 'squidex']).default('files'),
      Url: z.string().default(''),
      AppName: z.string().default(''),
      ClientId: z.string().default(''),
      ClientSecret: z.string().default(''),
      /** Shared secret the content service sends with its publish webhook (header X-Webhook-Secret). */
      WebhookSecret: z.string().default(''),
      /**
       * Content ids of single items in the content service: the pages (impressum, datenschutz, agb,
       * barrierefreiheit), the FAQ item (faq) and the settings item with the content flags (einstellungen).
       */
      Ids: z.record(z.string(), z.string()).default({}),
    })
    .prefault({}),

  /**
   * Single sign-on of the agency area (SPEC §6): an OpenID Connect provider, authorization code flow
   * with PKCE S256. Off while Issuer is empty. The client secret never leaves the server. RedirectUri
   * empty: the portal's /sso of this tenant (PUBLIC_BASE_URL or PortalUrls), as registered at the
   * provider. RoleClaim carries AgenturInhaber, AgenturInhaber_inaktiv or AgenturMitarbeiter (a string
   * or a list); AgencyClaim names the agency (agencies.key).
   */
  Sso: z
    .object({
      Issuer: z.string().default(''),
      ClientId: z.string().default(''),
      ClientSecret: z.string().default(''),
      Scopes: z
        .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/))
        .default(['openid', 'department', 'basic']),
      RedirectUri: z.string().default(''),
      RoleClaim: z.string().min(1).default('roles'),
      AgencyClaim: z.string().min(1).default('department'),
    })
    .prefault({}),

  /**
   * Orders attributed to an agency wait for the agency's release before their rewards become ready
   * (agentur/auftragfreigeben). Above FourEyesAboveCent of promised reward (null: never) a second person
   * of the agency must release too; nobody releases the same order twice.
   */
  AgencyOrderRelease: z
    .object({ FourEyesAboveCent: z.number().int().min(0).nullable().default(null) })
    .prefault({}),

  /** Text variables the operator set for the tenant (content/variables): over the content source's. */
  ContentVariables: z.record(z.string(), z.string()).default({}),
  /** Text variables per agency number (content/agenturvariables): over the tenant's for that agency. */
  AgenturVariables: z.record(z.string(), z.record(z.string(), z.string())).default({}),

  // Access rules
  ModuleAdv: z.boolean().default(false),
  ModuleErzwingeLogin: z.boolean().default(false),
  IsAutologin: z.boolean().default(false),

  // Product API (one of three modes; an unknown value fails where the catalogue is used)
  produktApi: z.string().default('builtin'),
  apiRoute: z.string().default(''),
  /** Base URL of the provider's product API (modes 'provider' and 'mixed'), e.g. https://produkte.provider.example/api/v1/lumenta */
  ProduktApiUrl: z.string().default(''),
  ShowProductCategory: z.boolean().default(true),
  /**
   * The provider's order page a recipient is sent to after consent, with the attribution as placeholders
   * {externeId} {produktId} {empfehlungsnummer} {empfaengernummer} {channel}; empty = MandantUrl + /bestellen.
   */
  BestellUrl: z.string().default(''),

  // Tracking and consent
  trackings: perEnvironment(z.array(z.string())).prefault({
    production: [],
    staging: [],
    testing: [],
    development: [],
  }),
  useInternalConsentManager: z.boolean().default(false),
  /**
   * The third-party consent tool used when useInternalConsentManager is off: its script (https URL or a
   * path on the portal's own origin; the page's CSP must allow it) reports decisions through the bridge
   * window.psoempfConsent (components/consent/consent-tool-loader.tsx). Empty = no tool: only required
   * storage, no tracking.
   */
  ConsentTool: z
    .object({
      ScriptUrl: z
        .string()
        .trim()
        .refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/.test(v) || /^\/(?![/\\])[^\s"'<>]*$/.test(v), {
          message: 'an https URL or a path on the portal’s origin',
        })
        .default(''),
    })
    .prefault({}),
  /**
   * The Matomo-compatible endpoint (e.g. https://matomo.provider.example/matomo.php) that the portal's
   * tracking route (/api/tracking/{tenant}) forwards page views to; empty = forward nowhere.
   */
  TrackingUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { message: 'an http(s) URL' })
    .default(''),
  ConsentCookie: z
    .object({
      ExpiresDays: z.number().int().min(1).default(60),
      Path: z.string().default('/'),
      Secure: z.boolean().default(true),
      SameSite: sameSite.default('None'),
      Domain: z.string().nullable().default(null),
    })
    .prefault({}),

  // Share channels
  ModuleEmailClient: channel,
  ModuleGmail: channel,
  ModuleOutlook: channel,
  ModuleYahoo: channel,
  ModuleFacebook: channel,
  FacebookId: z.string().default(''),
  ModuleWhatsapp: channel,
  ModuleXing: channel,
  ModuleLinkedIn: channel,
  ModuleTwitter: channel,
  /** SMS and the Instagram story have no module in the provider's settings: shown after the others unless -1. */
  ModuleSms: z.number().int().min(-1).default(90),
  ModuleInstagram: z.number().int().min(-1).default(91),

  // Programme modules
  ModuleAgentRecommendation: z.boolean().default(false),
  ModuleStoringBankdata: z.boolean().default(false),
  ModuleCompanyRecommendation: z.boolean().default(false),
  ModuleErstelleOfflineEmpfehlungCode: z.boolean().default(false),
  ModuleAuftragsdatumMindestalterTage: z.number().int().min(0).default(30),
  MaxEmpfaengerPraemieCent: z.number().int().min(0).nullable().default(null),
  ModuleNewsletterPermission: z.boolean().default(false),
  ModuleIBANNurDE: z.boolean().default(false),
  AgbCheckBoxAutoAccept: z.boolean().default(false),
  AllowSelfRecommendation: z.boolean().default(false),
  EmailWhitelist: z.array(z.string()).default([]),
  RecommenderDefaultShare: z.number().int().min(0).max(100).default(100),
  /** The reward shares the recommendation form offers (AnteilEmpfehler); one entry hides the choice. */
  RewardShareOptions: z
    .array(z.union([z.literal(100), z.literal(50), z.literal(0)]))
    .min(1)
    .default([100, 50, 0]),
  /** Velocity limits of new recommendations: a captcha from the first number on, refusal at the second. */
  RecommendationLimits: z
    .object({
      PerReferrerPerDayCaptcha: z.number().int().min(1).default(5),
      PerReferrerPerDayMax: z.number().int().min(1).default(20),
      // Generous per IP: many people share one address (mobile carriers, offices).
      PerIpPerHourCaptcha: z.number().int().min(1).default(30),
      PerIpPerHourMax: z.number().int().min(1).default(100),
      /** Wrong recommendation codes from one client within an hour: a captcha from, refusal at. */
      WrongCodesPerIpPerHourCaptcha: z.number().int().min(1).default(5),
      WrongCodesPerIpPerHourMax: z.number().int().min(1).default(20),
    })
    .prefault({}),
  /**
   * Invitations by an agency's employees (PUT Einladung): per employee number within a day and per
   * client IP within an hour a captcha from the first number on, refusal at the second; an address
   * invited in the last InvitationPauseDays is not invited again (EinladungExists).
   */
  InvitationLimits: z
    .object({
      PerEmployeePerDayCaptcha: z.number().int().min(1).default(30),
      PerEmployeePerDayMax: z.number().int().min(1).default(100),
      PerIpPerHourCaptcha: z.number().int().min(1).default(30),
      PerIpPerHourMax: z.number().int().min(1).default(100),
      InvitationPauseDays: z.number().int().min(0).max(365).default(30),
      /** How long the mailed link opens the portal with the customer's data. */
      ValidityDays: z.number().int().min(1).max(365).default(60),
    })
    .prefault({}),
  /**
   * How rewards can be collected: cash by bank transfer, a voucher code by e-mail, a credit against the
   * referrer's customer number with the provider (KundenNummer).
   */
  RewardKinds: z.array(z.enum(['cash', 'voucher', 'credit'])).default(['cash']),
  /** Days a ready reward can be picked up before it expires (Abgelaufen), and the reminder before it. */
  RewardPickupDays: z.number().int().min(1).default(365),
  RewardReminderDays: z.number().int().min(0).default(14),
  /** The bonus tier (SPEC §1): an extra reward for the referrer per this many successful contracts. */
  BonusTier: z
    .object({ Contracts: z.number().int().min(2), WertCent: z.number().int().min(1) })
    .nullable()
    .default(null),
  /** The account cash rewards are paid from (debtor of the SEPA credit transfer file). */
  PayoutAccount: z
    .object({
      Name: z.string().trim().min(1).max(70),
      IBAN: z.string().trim().min(15).max(34),
      BIC: z.string().trim().max(11).nullable().default(null),
    })
    .nullable()
    .default(null),
  Captcha: z.enum(['off', 'onDemand']).default('off'),
  LoginCaptchaAfterFailures: z.number().int().min(1).default(3),
  LoginLockAfterFailures: z.number().int().min(1).default(10),
  /** Failed logins from one client IP (any e-mail) within an hour before a captcha is demanded. */
  LoginCaptchaAfterFailuresPerIp: z.number().int().min(1).default(20),
  /** Employees and service providers (SPEC §1) by e-mail pattern, e.g. "*@provider.example": KontoGesperrtWildcard. */
  GesperrteEmailMuster: z.array(z.string().min(3)).default([]),
  /** The portal's public address per environment (mail links), tenant path included unless host-mapped. */
  PortalUrls: perEnvironment(z.string()).optional(),
  BarrierefreiheitserklaerungEnabled: z.boolean().default(true),

  // Languages (§3 configuration per environment)
  Language: z.enum(LOCALES).default('de'),
  FallbackLanguage: z.enum(LOCALES).default('de'),
  Languages: z.array(z.enum(LOCALES)).default(['de', 'en']),

  // Display flags (§3)
  Display: z
    .object({
      Banknotes: z.boolean().default(true),
      BountyNotice: z.boolean().default(true),
      Product: z.boolean().default(true),
      KeyVisual: z.boolean().default(true),
      Cta: z.boolean().default(true),
      FooterText: z.boolean().default(true),
      MarketingText: z.boolean().default(false),
      Carousel: z.boolean().default(false),
      StackedLayout: z.boolean().default(false),
      DisableFirstNameInput: z.boolean().default(false),
      DisableLastNameInput: z.boolean().default(false),
      DisableEmailInput: z.boolean().default(false),
      AcceptTermsOnButtonClick: z.boolean().default(false),
      CtaOffset: z.number().int().default(0),
    })
    .prefault({}),

  // Business constants (§9)
  Limits: z
    .object({
      RequestTimeoutMs: z.number().int().positive().default(300000),
      ChunkTimeoutMs: z.number().int().positive().default(120000),
      SmoothScrollMs: z.number().int().min(0).default(300),
      TokenCheckIntervalSeconds: z.number().int().positive().default(60),
      AgentSearchPageSize: z.number().int().positive().default(6),
      RecommendationValidityDays: z.number().int().positive().default(60),
      RecipientDataRetentionWeeks: z.number().int().positive().default(12),
      ChannelCookieDays: z.number().int().positive().default(730),
      CookieLifetimeDays: z.number().int().positive().default(60),
      ExitIntentMs: z.number().int().positive().default(15000),
      ExitIntentEnabled: z.boolean().default(false),
    })
    .prefault({}),
})

export type TenantSettings = z.infer<typeof tenantSettingsSchema>
export type TenantSettingsInput = z.input<typeof tenantSettingsSchema>

export const SHARE_CHANNEL_MODULES = [
  'ModuleEmailClient',
  'ModuleGmail',
  'ModuleOutlook',
  'ModuleYahoo',
  'ModuleFacebook',
  'ModuleWhatsapp',
  'ModuleXing',
  'ModuleLinkedIn',
  'ModuleTwitter',
] as const

/**
 * The tenant's public configuration: everything but secrets (content-service and single sign-on client
 * secrets) and the operator's payout account.
 */
export const publicTenantConfigSchema = z.object({
  Slug: z.string(),
  Settings: tenantSettingsSchema
    .extend({
      Content: tenantSettingsSchema.shape.Content.unwrap().omit({ ClientSecret: true, WebhookSecret: true }),
      Sso: tenantSettingsSchema.shape.Sso.unwrap().omit({ ClientSecret: true }),
    })
    .omit({ PayoutAccount: true }),
})
export type PublicTenantConfig = z.infer<typeof publicTenantConfigSchema>

export function toPublicConfig(slug: string, settings: TenantSettings): PublicTenantConfig {
  const { ClientSecret: _secret, WebhookSecret: _webhook, ...content } = settings.Content
  const { ClientSecret: _ssoSecret, ...sso } = settings.Sso
  const { PayoutAccount: _payout, ...rest } = settings
  void _secret
  void _webhook
  void _ssoSecret
  void _payout
  return { Slug: slug, Settings: { ...rest, Content: content, Sso: sso } }
}

/** The enabled share channels in their sort order. */
export function enabledChannels(settings: TenantSettings | PublicTenantConfig['Settings']) {
  return SHARE_CHANNEL_MODULES.filter((m) => settings[m] >= 0).sort((a, b) => settings[a] - settings[b])
}
