import type { TenantSettingsInput } from '@/lib/shared/tenants/settings'
import demoReferrers from './demo/referrers.json'

/** Two demo tenants with invented brands (the .example TLD is reserved, no real company is meant). */
export const DEMO_TENANTS: { slug: string; settings: TenantSettingsInput }[] = [
  {
    slug: 'demo',
    settings: {
      Name: 'Lumenta Telekom',
      ProgrammName: 'Lumenta Freunde-Bonus',
      BrandVariant: 'aurora',
      // Orders with more than 80 € of promised reward need two people of the agency to release them.
      AgencyOrderRelease: { FourEyesAboveCent: 8000 },
      SupportEmail: 'empfehlen@lumenta.example',
      Hotline: {
        Nummer: '0800 5862 3368',
        Zeiten: { de: 'Mo–Fr 8–20 Uhr, Sa 9–16 Uhr', en: 'Mon–Fri 8 am–8 pm, Sat 9 am–4 pm' },
      },
      ProduktkategorieKurz: 'Internet, TV & Mobilfunk',
      MandantUrl: 'https://www.lumenta.example',
      EmpfehlenPath: '/freunde-werben',
      EmpfehlenWebPage: 'https://www.lumenta.example/freunde-werben',
      RecommendationLinkDomains: {
        production: 'https://empfehlen.lumenta.example',
        staging: 'https://staging.empfehlen.lumenta.example',
        testing: 'https://test.empfehlen.lumenta.example',
        development: '',
      },
      // development empty: a development server links to itself (PUBLIC_BASE_URL, else its PORT).
      PortalUrls: {
        production: 'https://empfehlen.lumenta.example',
        staging: 'https://staging.empfehlen.lumenta.example',
        testing: 'https://test.empfehlen.lumenta.example',
        development: '',
      },
      GesperrteEmailMuster: ['*@lumenta.example', '*@*.lumenta.example', '*@vertrieb-nord.example'],
      Content: {
        Source: 'files',
        AppName: 'lumenta-empfehlen',
        ClientId: 'lumenta-empfehlen:portal',
        ClientSecret: 'demo-content-secret-lumenta-9f2c1e',
      },
      produktApi: 'builtin',
      apiRoute: '/demo',
      BestellUrl:
        'https://www.lumenta.example/bestellen/{externeId}?empfehlung={empfehlungsnummer}&empfaenger={empfaengernummer}&kanal={channel}',
      trackings: { production: ['11'], staging: ['12'], testing: ['13'], development: ['14'] },
      useInternalConsentManager: true,
      Captcha: 'onDemand',
      ModuleEmailClient: 1,
      ModuleGmail: 2,
      ModuleOutlook: 3,
      ModuleYahoo: 4,
      ModuleWhatsapp: 5,
      ModuleFacebook: 6,
      FacebookId: '104857600012345',
      ModuleXing: 7,
      ModuleLinkedIn: 8,
      ModuleTwitter: 9,
      RewardKinds: ['cash', 'voucher', 'credit'],
      BonusTier: { Contracts: 3, WertCent: 5000 },
      PayoutAccount: { Name: 'Lumenta Telekom GmbH', IBAN: 'DE02120300000000202051', BIC: 'BYLADEM1001' },
      ModuleAgentRecommendation: true,
      ModuleCompanyRecommendation: true,
      ModuleErstelleOfflineEmpfehlungCode: true,
      ModuleStoringBankdata: true,
      ModuleNewsletterPermission: true,
      AllowSelfRecommendation: false,
      ModuleAuftragsdatumMindestalterTage: 30,
      MaxEmpfaengerPraemieCent: 5500,
      RecommenderDefaultShare: 100,
    },
  },
  {
    slug: 'demo-closed',
    settings: {
      Name: 'Fjordnet',
      ProgrammName: 'Fjordnet Kunden werben Kunden',
      BrandVariant: 'fjord',
      SupportEmail: 'service@fjordnet.example',
      Hotline: {
        Nummer: '0800 3567 6380',
        Zeiten: { de: 'Mo–Fr 8–18 Uhr, Sa 10–14 Uhr', en: 'Mon–Fri 8 am–6 pm, Sat 10 am–2 pm' },
      },
      ProduktkategorieKurz: 'Glasfaser & Mobilfunk',
      MandantUrl: 'https://www.fjordnet.example',
      EmpfehlenPath: '/kwk',
      GesperrteEmailMuster: ['*@fjordnet.example'],
      EmpfehlenWebPage: 'https://www.fjordnet.example/kwk',
      Content: {
        Source: 'files',
        AppName: 'fjordnet-kwk',
        ClientId: 'fjordnet-kwk:portal',
        ClientSecret: 'demo-content-secret-fjordnet-41ab7d',
      },
      produktApi: 'builtin',
      apiRoute: '/demo-closed',
      trackings: { production: ['21'], staging: [], testing: [], development: [] },
      // Like the open programme: the cookie banner and the footer's cookie settings, on the login gate too.
      useInternalConsentManager: true,
      ModuleErzwingeLogin: true,
      ModuleAdv: true,
      ModuleIBANNurDE: true,
      ModuleEmailClient: 1,
      ModuleGmail: -1,
      ModuleOutlook: -1,
      ModuleYahoo: -1,
      ModuleWhatsapp: 2,
      ModuleFacebook: -1,
      ModuleXing: -1,
      ModuleLinkedIn: 3,
      ModuleTwitter: -1,
      RewardKinds: ['cash'],
      PayoutAccount: { Name: 'Fjordnet GmbH', IBAN: 'DE02500105170137075030', BIC: null },
      ModuleStoringBankdata: true,
      RecommenderDefaultShare: 50,
      RewardShareOptions: [100, 50],
      ModuleInstagram: -1,
      BarrierefreiheitserklaerungEnabled: false,
    },
  },
]

type DemoCategory = {
  id: number
  slug: string
  name: string
  nameEn: string
  beschreibung: string
  beschreibungEn: string
  icon: string
}

const ALL_CATEGORIES: DemoCategory[] = [
  {
    id: 1,
    slug: 'internet',
    name: 'Internet & Telefon',
    nameEn: 'Internet & phone',
    beschreibung: 'DSL- und Hybrid-Anschlüsse mit Festnetz-Flatrate',
    beschreibungEn: 'DSL and hybrid lines with a landline flat rate',
    icon: 'router',
  },
  {
    id: 2,
    slug: 'glasfaser',
    name: 'Glasfaser',
    nameEn: 'Glass fibre',
    beschreibung: 'Bis zu 1.000 MBit/s direkt bis in die Wohnung',
    beschreibungEn: 'Up to 1,000 Mbit/s right into the home',
    icon: 'fiber',
  },
  {
    id: 3,
    slug: 'fernsehen',
    name: 'Fernsehen',
    nameEn: 'Television',
    beschreibung: 'TV über Internet, Satellit oder Glasfaser',
    beschreibungEn: 'TV over internet, satellite or glass fibre',
    icon: 'tv',
  },
  {
    id: 4,
    slug: 'magentasport',
    name: 'Sport-Streaming',
    nameEn: 'Sport streaming',
    beschreibung: 'Live-Fußball, Eishockey und Basketball',
    beschreibungEn: 'Live football, ice hockey and basketball',
    icon: 'sport',
  },
  {
    id: 5,
    slug: 'smartphone-tarife.html',
    name: 'Mobilfunk-Tarife',
    nameEn: 'Mobile plans',
    beschreibung: 'Allnet-Flats mit 5G und EU-Roaming',
    beschreibungEn: 'All-net flat rates with 5G and EU roaming',
    icon: 'sim',
  },
  {
    id: 6,
    slug: 'smartphones.html',
    name: 'Smartphones',
    nameEn: 'Smartphones',
    beschreibung: 'Aktuelle Geräte mit passendem Tarif',
    beschreibungEn: 'Current devices with a matching plan',
    icon: 'phone',
  },
  {
    id: 7,
    slug: 'tablets.html',
    name: 'Tablets',
    nameEn: 'Tablets',
    beschreibung: 'Tablets mit eigener Datenkarte',
    beschreibungEn: 'Tablets with their own data SIM',
    icon: 'tablet',
  },
  {
    id: 8,
    slug: 'surfsticks.html',
    name: 'Surfsticks',
    nameEn: 'Surf sticks',
    beschreibung: 'Mobiles Internet für Laptop und Reise',
    beschreibungEn: 'Mobile internet for laptop and travel',
    icon: 'stick',
  },
  {
    id: 9,
    slug: 'company-start',
    name: 'Geschäftskunden',
    nameEn: 'Business customers',
    beschreibung: 'Internet, Website und Shop für Selbstständige',
    beschreibungEn: 'Internet, website and shop for the self-employed',
    icon: 'business',
  },
]

export const DEMO_CATEGORIES: Record<string, (DemoCategory & { sortierung: number })[]> = {
  demo: ALL_CATEGORIES.map((c, i) => ({ ...c, sortierung: i + 1 })),
  'demo-closed': ALL_CATEGORIES.filter((c) => [2, 5, 6, 1].includes(c.id)).map((c, i) => ({
    ...c,
    sortierung: i + 1,
  })),
}

/**
 * One demo referrer per tenant; the password is documented in the README. The data is in
 * demo/referrers.json, which scripts/demo.mjs reads too (to print the demo logins).
 */
export const DEMO_REFERRERS: Record<
  string,
  { email: string; anrede: string; vorname: string; nachname: string; password: string }
> = demoReferrers
