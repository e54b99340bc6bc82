import type { FestnetzDetails, MobilDetails } from '@/lib/contracts/catalog'

/**
 * The invented product catalogue of the two demo tenants (SPEC §3, §7.7): Lumenta Telekom (`demo`) with a
 * product for every §2.3 category page, Fjordnet (`demo-closed`) with glass fibre and mobile only.
 * No real provider is meant; prices are in cents, descriptions are short HTML fragments.
 */

export type DemoReward = {
  id: number
  wertCent: number
  startdatum: string
  enddatum: string | null
  enddatumAnzeige: string | null
}

export type DemoProduct = {
  id: number
  externeId: string
  quelle: string
  kategorie: string
  sortierung: number
  details: FestnetzDetails | MobilDetails
  /** English texts over the German ones (names, descriptions); omitted fields stay German. */
  detailsEn?: Partial<FestnetzDetails> | Partial<MobilDetails>
  rewards: DemoReward[]
}

const DAY_MS = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Reward periods relative to the seeding day, so a fresh database always has a current and a next period. */
export function demoRewardPeriods(
  today: Date,
  ids: [number, number],
  currentCent: number,
  nextCent: number,
): DemoReward[] {
  const year = today.getUTCFullYear()
  const month = today.getUTCMonth()
  const start = Date.UTC(year, month - 2, 1)
  // Day 0 of the month after next is the last day of the month after today.
  const end = Date.UTC(year, month + 2, 0)
  const currentEnd = isoDate(end)
  return [
    {
      id: ids[0],
      wertCent: currentCent,
      startdatum: isoDate(start),
      enddatum: currentEnd,
      enddatumAnzeige: currentEnd,
    },
    {
      id: ids[1],
      wertCent: nextCent,
      startdatum: isoDate(end + DAY_MS),
      enddatum: null,
      enddatumAnzeige: null,
    },
  ]
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks

/** A German text and its English counterpart. */
type Text = readonly [de: string, en: string]
/** A name: German and English, or one string for both. */
type Name = string | Text
const bilingual = (name: Name): Text => (typeof name === 'string' ? [name, name] : name)
type Klasse = FestnetzDetails['Klasse']
/** Reward in cents: the current period's amount, then the next period's. */
type Reward = readonly [current: number, next: number]
type Brand = { name: string; prefix: string; code: string }
type Draft = Omit<DemoProduct, 'sortierung' | 'rewards'> & { reward: Reward }

const LUMENTA: Brand = { name: 'Lumenta', prefix: 'LUM', code: 'LT' }
const FJORDNET: Brand = { name: 'Fjordnet', prefix: 'FJN', code: 'FN' }

const deNumber = new Intl.NumberFormat('de-DE')
const enNumber = new Intl.NumberFormat('en-GB')

/** Download and upload lines, e.g. `<strong>100 MBit/s</strong> Download`. */
function speed(down: number, up: number): [Text, Text] {
  return [
    [
      `<strong>${deNumber.format(down)} MBit/s</strong> Download`,
      `<strong>${enNumber.format(down)} Mbit/s</strong> download`,
    ],
    [
      `<strong>${deNumber.format(up)} MBit/s</strong> Upload`,
      `<strong>${enNumber.format(up)} Mbit/s</strong> upload`,
    ],
  ]
}

const branded = (brand: Brand, name: Name): Text => {
  const [de, en] = bilingual(name)
  return [`${brand.name} ${de}`, `${brand.name} ${en}`]
}

const productCode = (brand: Brand, id: number) => `${brand.code}-${String(id).padStart(5, '0')}`

// Reward amounts in cents (SPEC §1: 70 euro fixed line, up to 90 glass fibre, 50 mobile, up to 110 sport).
const FIXED: Reward = [7000, 7500]
const FIBRE_REWARD: Reward = [8000, 9000]
const FIBRE_TOP: Reward = [9000, 9000]
const MOBILE: Reward = [5000, 5500]
const SERVICE: Reward = [5000, 5500]
const BUSINESS: Reward = [7000, 8000]
const BUSINESS_TOP: Reward = [9000, 9000]
const SPORT: Reward = [9000, 11000]

// ---------------------------------------------------------------------------------------------------------
// Fixed-line-like products (festnetz, service, tv, sport, business)

type Aktion = { name: Text; rabatt: number }
type FestnetzGroup = {
  quelle: string
  kategorie: string
  gruppe: string
  art: FestnetzDetails['Kategorie']
  young?: boolean
  hybrid?: boolean
  fussnote: string | null
  einmalig: number
  reward: Reward
}
type FestnetzRow = {
  id: number
  ext: string
  klasse: Klasse
  name: Name
  monatlich: number
  texts: readonly [Text, Text, Text, Text]
  einmalig?: number
  reward?: Reward
  aktion?: Aktion
}

type RowOptions = Pick<FestnetzRow, 'einmalig' | 'reward' | 'aktion'>

function festnetz(brand: Brand, group: FestnetzGroup, rows: FestnetzRow[]): Draft[] {
  return rows.map((row) => {
    const reward = row.reward ?? group.reward
    const [b1, b2, b3, b4] = row.texts
    const preisaufteilung = row.aktion ? REDUCED : MONTHLY
    const name = bilingual(row.name)
    const details: FestnetzDetails = {
      Art: 'festnetz',
      Kategorie: group.art,
      Name: name[0],
      Young: group.young ?? false,
      Hybrid: group.hybrid ?? false,
      Gruppe: group.gruppe,
      Klasse: row.klasse,
      PreisMonatlich: row.monatlich,
      PreisEinmalig: row.einmalig ?? group.einmalig,
      AnzeigeName: `${brand.name} ${name[0]}`,
      Beschreibung1: b1[0],
      Beschreibung2: b2[0],
      Beschreibung3: b3[0],
      Beschreibung4: b4[0],
      Provision: `standard;${reward[0]}`,
      TelekomProduktId: productCode(brand, row.id),
      Fussnote: group.fussnote,
      Preisaufteilung: preisaufteilung[0],
      Aktionsname: row.aktion?.name[0] ?? '',
      Aktionsrabatt: row.aktion?.rabatt ?? 0,
    }
    const detailsEn: Partial<FestnetzDetails> = {
      Name: name[1],
      AnzeigeName: `${brand.name} ${name[1]}`,
      Beschreibung1: b1[1],
      Beschreibung2: b2[1],
      Beschreibung3: b3[1],
      Beschreibung4: b4[1],
      Preisaufteilung: preisaufteilung[1],
      ...(row.aktion ? { Aktionsname: row.aktion.name[1] } : {}),
    }
    return {
      id: row.id,
      externeId: `${brand.prefix}-${row.ext}`,
      quelle: group.quelle,
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward,
    }
  })
}

/** A fixed-line group; unless said otherwise double play, 24-month price footnote, 69.95 euro set-up, 70 euro reward. */
const festnetzGroup = (
  quelle: string,
  kategorie: string,
  gruppe: string,
  extra: Partial<FestnetzGroup> = {},
): FestnetzGroup => ({
  quelle,
  kategorie,
  gruppe,
  art: 'DP',
  fussnote: 'fn-preis-24',
  einmalig: 6995,
  reward: FIXED,
  ...extra,
})

/** A fixed-line row with its four description lines given. */
function row(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  monatlich: number,
  texts: FestnetzRow['texts'],
  extra: RowOptions = {},
): FestnetzRow {
  return { id, ext, klasse, name, monatlich, texts, ...extra }
}

/** A business line: download, upload, static IP and the repair time. */
const company = (
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  [down, up]: readonly [number, number],
  hours: number,
  monatlich: number,
) => row(id, ext, klasse, name, monatlich, [...speed(down, up), STATIC_IP, sla(hours)])

/** An internet line: download, upload, a third line, and the phone flat rate. */
function line(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  [down, up]: readonly [number, number],
  monatlich: number,
  third: Text,
  extra: RowOptions = {},
): FestnetzRow {
  return row(id, ext, klasse, name, monatlich, [...speed(down, up), third, FLAT], extra)
}

/** A TV package: channels, how it is received, the internet speed included, replay. */
function tv(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  channels: number,
  via: Text,
  down: number,
  monatlich: number,
  extra: RowOptions = {},
): FestnetzRow {
  const channelLine: Text = [
    `<strong>${channels}+ Sender</strong>, viele davon in HD`,
    `<strong>${channels}+ channels</strong>, many in HD`,
  ]
  const internetLine: Text = [
    `Internet mit <strong>${deNumber.format(down)} MBit/s</strong>`,
    `Internet at <strong>${enNumber.format(down)} Mbit/s</strong>`,
  ]
  return row(id, ext, klasse, name, monatlich, [channelLine, via, internetLine, REPLAY], extra)
}

/** A website or shop package: pages or articles, domains, mailboxes and one more feature. */
function web(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  first: Text,
  domains: number,
  mailboxes: number,
  fourth: Text,
  monatlich: number,
  extra: RowOptions = {},
): FestnetzRow {
  const domainLine: Text = [
    `<strong>${domains} ${domains === 1 ? 'Domain' : 'Domains'}</strong> inklusive`,
    `<strong>${domains} ${domains === 1 ? 'domain' : 'domains'}</strong> included`,
  ]
  const mailLine: Text = [
    `<strong>${mailboxes} E-Mail-Postfächer</strong>`,
    `<strong>${mailboxes} mailboxes</strong>`,
  ]
  return row(id, ext, klasse, name, monatlich, [first, domainLine, mailLine, fourth], extra)
}

// Description lines and promotions, German and English

const WINTER: Aktion = { name: ['Winter-Aktion', 'Winter offer'], rabatt: 1000 }
const WECHSEL: Aktion = { name: ['Wechsler-Bonus', 'Switcher bonus'], rabatt: 500 }
const MONTHLY: Text = ['monatlich', 'monthly']
const REDUCED: Text = [
  'in den ersten 6 Monaten reduziert, danach monatlich',
  'reduced for the first 6 months, then monthly',
]

const FLAT: Text = ['Telefon-Flatrate ins deutsche Festnetz', 'Phone flat rate to German landlines']
const ALLNET: Text = [
  '<strong>Allnet-Flat</strong> ins Festnetz und alle Mobilfunknetze',
  '<strong>All-net flat</strong> to landlines and all mobile networks',
]
const ROUTER: Text = [
  'WLAN-Router <strong>ohne Aufpreis</strong>',
  'Wi-Fi router <strong>at no extra cost</strong>',
]
const HYBRID: Text = [
  'DSL und LTE <strong>gebündelt</strong> für mehr Tempo',
  'DSL and LTE <strong>combined</strong> for more speed',
]
const FIBRE: Text = [
  'Glasfaser <strong>bis in die Wohnung</strong>',
  'Glass fibre <strong>right into your home</strong>',
]
const UNDER_28: Text = [
  '<strong>Young-Rabatt</strong> für alle unter 28',
  '<strong>Young discount</strong> for everyone under 28',
]
const REPLAY: Text = [
  'Sendungen <strong>7 Tage</strong> nachträglich ansehen',
  'Watch shows <strong>up to 7 days</strong> later',
]

const pages = (n: number): Text => [
  `Homepage-Baukasten mit <strong>${n} Seiten</strong>`,
  `Website builder with <strong>${n} pages</strong>`,
]
const articles = (n: number): Text => [
  `Online-Shop für <strong>${deNumber.format(n)} Artikel</strong>`,
  `Online shop for <strong>${enNumber.format(n)} items</strong>`,
]
const storage = (gb: number): Text => [
  `<strong>${gb} GB</strong> Webspace auf SSD`,
  `<strong>${gb} GB</strong> SSD web space`,
]
const SSL: Text = ['SSL-Zertifikat <strong>inklusive</strong>', 'SSL certificate <strong>included</strong>']
const PAYMENT: Text = ['Zahlung per Rechnung, Karte und Wallet', 'Payment by invoice, card and wallet']
const STATIC_IP: Text = [
  '<strong>Feste IP-Adresse</strong> inklusive',
  '<strong>Static IP address</strong> included',
]
const sla = (hours: number): Text => [
  `Entstörung innerhalb von <strong>${hours} Stunden</strong>`,
  `Fault repair within <strong>${hours} hours</strong>`,
]

const SERVICE_HOTLINE: Text = [
  'Technik-Hotline <strong>7 Tage die Woche</strong>',
  'Tech hotline <strong>7 days a week</strong>',
]
const MONTHLY_CANCEL: Text = ['Monatlich kündbar', 'Cancel any month']
const visits = (n: number): Text => [
  `<strong>${n} Techniker-${n === 1 ? 'Einsatz' : 'Einsätze'}</strong> pro Jahr`,
  `<strong>${n} technician ${n === 1 ? 'visit' : 'visits'}</strong> per year`,
]

const SETUP_ROUTER: Text = [
  'Einrichtung von <strong>Router und WLAN</strong>',
  'Set-up of <strong>router and Wi-Fi</strong>',
]
const SETUP_SMART_HOME: Text = [
  'Einrichtung von <strong>Smart-Home-Geräten</strong>',
  'Set-up of <strong>smart home devices</strong>',
]
const SETUP_MESH: Text = [
  '<strong>Mesh-WLAN</strong> für das ganze Haus',
  '<strong>Mesh Wi-Fi</strong> for the whole house',
]

const FOOTBALL: Text = [
  '<strong>Alle Spiele</strong> der 3. Fußball-Liga live',
  '<strong>Every match</strong> of the third football league live',
]
const HOCKEY_BASKETBALL: Text = [
  'Eishockey und Basketball <strong>live und auf Abruf</strong>',
  'Ice hockey and basketball <strong>live and on demand</strong>',
]
const HOCKEY: Text = [
  '<strong>Eishockey</strong> live und auf Abruf',
  '<strong>Ice hockey</strong> live and on demand',
]
const HIGHLIGHTS: Text = ['Highlights aller Spieltage', 'Highlights of every match day']
const CHANNELS_100: Text = [
  '<strong>100+ TV-Sender</strong> inklusive',
  '<strong>100+ TV channels</strong> included',
]
const UHD: Text = ['Spiele in <strong>UHD</strong>', 'Matches in <strong>UHD</strong>']
const screens = (n: number): Text => [
  `Auf <strong>${n} ${n === 1 ? 'Gerät' : 'Geräten gleichzeitig'}</strong>`,
  `On <strong>${n} ${n === 1 ? 'device' : 'devices at once'}</strong>`,
]

const IPTV: Text = [
  'TV über Ihren <strong>Internet-Anschluss</strong>',
  'TV over your <strong>internet line</strong>',
]
const SAT: Text = ['Empfang per <strong>Satellit</strong>', 'Reception via <strong>satellite</strong>']
const HYBRID_SAT: Text = [
  '<strong>Satellit</strong> plus Mediathek über Internet',
  '<strong>Satellite</strong> plus on-demand over the internet',
]
const HYBRID_TV: Text = ['TV über <strong>DSL + LTE</strong>', 'TV over <strong>DSL + LTE</strong>']
const FIBRE_TV: Text = [
  'TV über <strong>Glasfaser</strong>, auch in UHD',
  'TV over <strong>glass fibre</strong>, also in UHD',
]

// ---------------------------------------------------------------------------------------------------------
// Mobile products: SIM tariffs and device offers

type SimTariff = {
  id: number
  ext: string
  klasse: Klasse
  name: Name
  preis: number
  gb: number | null
  extra: Text
  reward?: Reward
  /** Promotional monthly price in cents; sets Aktion to 1. */
  aktionspreis?: number
  top?: number
}
type Device = {
  handyId: number
  ext: string
  typ: 'smartphone' | 'tablet' | 'surfstick'
  hersteller: string
  name: string
  desc: Text
}
type Offer = {
  id: number
  device: Device
  tariff: SimTariff
  preisHandy: number
  /** Promotional one-time device price in cents; sets Aktion to 1. */
  aktionspreis?: number
  top?: number
}
type MobilGroup = { kategorie: string; fussnote: string | null; reward: Reward }

const tariffText = (t: SimTariff): Text => {
  const [extraDe, extraEn] = t.extra
  return t.gb === null
    ? [
        `<strong>Unbegrenztes</strong> Datenvolumen mit 5G, ${extraDe}`,
        `<strong>Unlimited</strong> data with 5G, ${extraEn}`,
      ]
    : [
        `<strong>${t.gb} GB</strong> Datenvolumen mit 5G, ${extraDe}`,
        `<strong>${t.gb} GB</strong> data with 5G, ${extraEn}`,
      ]
}

function simTariffs(brand: Brand, group: MobilGroup, tariffs: SimTariff[]): Draft[] {
  return tariffs.map((t, i) => {
    const name = branded(brand, t.name)
    const text = tariffText(t)
    const details: MobilDetails = {
      Art: 'mobil',
      GeraeteTyp: 'sim',
      Hersteller: '',
      Klasse: t.klasse,
      TarifHandyAnzeigeName: name[0],
      TarifHandyBeschreibung: text[0],
      TarifAnzeigeName: name[0],
      HandyAnzeigeName: '',
      HandyBeschreibung: '',
      HandyId: null,
      PreisHandy: 0,
      TarifId: t.id,
      PreisTarif: t.preis,
      Position: i + 1,
      Aktion: t.aktionspreis === undefined ? 0 : 1,
      TopPosition: t.top ?? 0,
      Aktionspreis: t.aktionspreis ?? null,
      Fussnote: group.fussnote,
    }
    const detailsEn: Partial<MobilDetails> = {
      TarifHandyAnzeigeName: name[1],
      TarifHandyBeschreibung: text[1],
      TarifAnzeigeName: name[1],
    }
    return {
      id: t.id,
      externeId: `${brand.prefix}-${t.ext}`,
      quelle: 'mobilfunk',
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward: t.reward ?? group.reward,
    }
  })
}

function deviceOffers(brand: Brand, group: MobilGroup, offers: Offer[]): Draft[] {
  return offers.map(({ id, device, tariff, preisHandy, aktionspreis, top }, i) => {
    const tariffName = branded(brand, tariff.name)
    const text = tariffText(tariff)
    const details: MobilDetails = {
      Art: 'mobil',
      GeraeteTyp: device.typ,
      Hersteller: device.hersteller,
      Klasse: tariff.klasse,
      TarifHandyAnzeigeName: `${device.name} mit ${tariffName[0]}`,
      TarifHandyBeschreibung: `${device.desc[0]}<br>${text[0]}`,
      TarifAnzeigeName: tariffName[0],
      HandyAnzeigeName: device.name,
      HandyBeschreibung: device.desc[0],
      HandyId: device.handyId,
      PreisHandy: preisHandy,
      TarifId: tariff.id,
      PreisTarif: tariff.preis,
      Position: i + 1,
      Aktion: aktionspreis === undefined ? 0 : 1,
      TopPosition: top ?? 0,
      Aktionspreis: aktionspreis ?? null,
      Fussnote: group.fussnote,
    }
    const detailsEn: Partial<MobilDetails> = {
      TarifHandyAnzeigeName: `${device.name} with ${tariffName[1]}`,
      TarifHandyBeschreibung: `${device.desc[1]}<br>${text[1]}`,
      TarifAnzeigeName: tariffName[1],
      HandyBeschreibung: device.desc[1],
    }
    return {
      id,
      externeId: `${brand.prefix}-${device.ext}-${tariff.ext}`,
      quelle: 'mobilfunk',
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward: group.reward,
    }
  })
}

function sim(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  preis: number,
  gb: number | null,
  extra: Text,
  options: Pick<SimTariff, 'aktionspreis' | 'top' | 'reward'> = {},
): SimTariff {
  return { id, ext, klasse, name, preis, gb, extra, ...options }
}

/** A device: its name is the maker plus the model, its part of the external id the device id. */
const device =
  (typ: Device['typ']) =>
  (handyId: number, hersteller: string, model: string, desc: Text): Device => ({
    handyId,
    ext: `H${handyId}`,
    typ,
    hersteller,
    name: `${hersteller} ${model}`,
    desc,
  })
const phone = device('smartphone')
const tablet = device('tablet')
const stick = device('surfstick')

const LONG_BATTERY: Text = ['lange Akkulaufzeit', 'long battery life']
const EU: Text = ['Allnet-Flat und EU-Roaming', 'all-net flat and EU roaming']
const screen = (inch: string, gb: number, [de, en]: Text): Text => [
  `<strong>${inch.replace('.', ',')}"</strong> Display, ${gb} GB Speicher, ${de}`,
  `<strong>${inch}"</strong> display, ${gb} GB storage, ${en}`,
]

// ---------------------------------------------------------------------------------------------------------
// Lumenta Telekom (`demo`): every §2.3 category page

function lumenta(): Draft[] {
  const b = LUMENTA
  const fixed = (kategorie: string, gruppe: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('festnetz', kategorie, gruppe, extra)
  const tvGroup = (kategorie: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('tv', kategorie, 'TV', { art: 'TP', fussnote: 'fn-tv-hd', ...extra })
  const business = (kategorie: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('business', kategorie, 'Business', {
      fussnote: 'fn-business-netto',
      einmalig: 0,
      reward: BUSINESS,
      ...extra,
    })

  const DATA: Text = ['nur Daten', 'data only']
  const PREPAID: Text = ['ohne Vertragslaufzeit', 'no minimum term']
  const YOUNG: Text = ['für alle unter 28', 'for everyone under 28']
  const FAMILY: Text = ['für Familienmitglieder', 'for family members']
  const WATCH: Text = ['für Ihre Smartwatch', 'for your smartwatch']
  const mobilS = sim(532, 'MOB-S', 'S', ['Mobil S', 'Mobile S'], 2995, 20, EU)
  const mobilM = sim(531, 'MOB-M', 'M', ['Mobil M', 'Mobile M'], 3995, 40, EU, { top: 1 })
  const mobilL = sim(533, 'MOB-L', 'L', ['Mobil L', 'Mobile L'], 4995, 100, EU, {
    aktionspreis: 4495,
    top: 2,
  })
  const mobilXL = sim(534, 'MOB-XL', 'XL', ['Mobil XL', 'Mobile XL'], 6995, null, EU)
  const dataS = sim(571, 'DATA-S', 'S', 'Data S', 1495, 10, DATA)
  const dataM = sim(572, 'DATA-M', 'M', 'Data M', 2495, 50, DATA, { top: 1 })
  const dataL = sim(573, 'DATA-L', 'L', 'Data L', 3995, null, DATA)

  const np15 = phone(8101, 'Nordphone', '15', screen('6.1', 128, ['Dual-Kamera', 'dual camera']))
  const np15Max = phone(8102, 'Nordphone', '15 Max', screen('6.7', 256, ['Dreifach-Kamera', 'triple camera']))
  const vega = phone(8201, 'Sonaris', 'Vega 9', screen('6.4', 256, ['Stift inklusive', 'stylus included']))
  const vegaLite = phone(8202, 'Sonaris', 'Vega 9 Lite', screen('6.1', 128, LONG_BATTERY))
  const x5 = phone(8301, 'Kivo', 'X5 Pro', screen('6.6', 256, ['120-Hz-Display', '120 Hz display']))
  const pine = phone(8401, 'Taiga', 'Pine 3', screen('6.3', 128, ['IP68-wasserdicht', 'IP68 waterproof']))
  const tab11 = tablet(8211, 'Sonaris', 'Tab 11', screen('11', 128, ['mit Stift', 'with stylus']))
  const pad10 = tablet(8311, 'Kivo', 'Pad 10', screen('10.4', 64, ['leicht und flach', 'light and slim']))
  const slate = tablet(8411, 'Taiga', 'Slate 12', screen('12.4', 256, ['robustes Gehäuse', 'rugged case']))
  const stick5g = stick(8321, 'Kivo', 'Stick 5G', [
    '<strong>5G</strong>-Surfstick mit USB-C',
    '<strong>5G</strong> surf stick with USB-C',
  ])
  const hotspot = stick(8421, 'Taiga', 'Hotspot Go', [
    'Mobiler <strong>WLAN-Hotspot</strong> für 10 Geräte',
    'Mobile <strong>Wi-Fi hotspot</strong> for 10 devices',
  ])
  const lteStick = stick(8121, 'Nordphone', 'Surfstick', [
    '<strong>LTE</strong>-Surfstick, Plug & Play',
    '<strong>LTE</strong> surf stick, plug and play',
  ])

  return [
    ...festnetz(b, fixed('internet', 'Internet'), [
      line(461, 'DSL-16', 'S', ['Zuhause S', 'Home S'], [16, 2.4], 2995, ROUTER),
      line(462, 'DSL-50', 'M', ['Zuhause M', 'Home M'], [50, 10], 3495, ROUTER),
      line(463, 'DSL-100', 'L', ['Zuhause L', 'Home L'], [100, 40], 3995, ROUTER, { aktion: WINTER }),
      line(464, 'DSL-250', 'XL', ['Zuhause XL', 'Home XL'], [250, 40], 4995, ROUTER),
      // Legacy tariffs: present in the data, filtered out of every product API result (SPEC §7.7).
      line(
        639,
        'DSL-ALT-16',
        'S',
        ['Zuhause Start (Bestandstarif)', 'Home Start (legacy)'],
        [16, 1],
        2495,
        ROUTER,
      ),
      line(
        640,
        'DSL-ALT-50',
        'M',
        ['Zuhause Plus (Bestandstarif)', 'Home Plus (legacy)'],
        [50, 10],
        3295,
        ROUTER,
      ),
    ]),
    ...festnetz(b, fixed('hybrid', 'Internet', { hybrid: true }), [
      line(1021, 'HYB-100', 'M', ['Zuhause Hybrid M', 'Home Hybrid M'], [100, 40], 3995, HYBRID),
      line(1022, 'HYB-250', 'L', ['Zuhause Hybrid L', 'Home Hybrid L'], [250, 40], 4495, HYBRID),
      line(1023, 'HYB-300', 'XL', ['Zuhause Hybrid XL', 'Home Hybrid XL'], [300, 50], 5495, HYBRID),
    ]),
    ...festnetz(
      b,
      fixed('glasfaser', 'Glasfaser', { fussnote: 'fn-glasfaser-ausbau', einmalig: 0, reward: FIBRE_TOP }),
      [
        line(1997, 'GF-150', 'S', ['Glasfaser 150', 'Fibre 150'], [150, 50], 3995, FIBRE, {
          reward: FIBRE_REWARD,
        }),
        line(1998, 'GF-300', 'M', ['Glasfaser 300', 'Fibre 300'], [300, 100], 4495, FIBRE, {
          aktion: WINTER,
        }),
        line(1999, 'GF-600', 'L', ['Glasfaser 600', 'Fibre 600'], [600, 200], 5495, FIBRE),
        line(2000, 'GF-1000', 'XL', ['Glasfaser 1000', 'Fibre 1000'], [1000, 200], 6995, FIBRE),
      ],
    ),
    ...festnetz(b, fixed('young', 'Young', { young: true, fussnote: 'fn-young-28' }), [
      line(1101, 'YNG-50', 'M', ['Zuhause Young M', 'Home Young M'], [50, 10], 2495, UNDER_28),
      line(1102, 'YNG-100', 'L', ['Zuhause Young L', 'Home Young L'], [100, 40], 2995, UNDER_28),
      line(1103, 'YNG-250', 'XL', ['Zuhause Young XL', 'Home Young XL'], [250, 40], 3995, UNDER_28),
    ]),
    ...festnetz(
      b,
      fixed('young-speed', 'Young', {
        young: true,
        fussnote: 'fn-young-28',
        einmalig: 0,
        reward: FIBRE_REWARD,
      }),
      [
        line(1111, 'YNG-GF-300', 'M', 'Young Speed 300', [300, 100], 3495, UNDER_28),
        line(1112, 'YNG-GF-600', 'L', 'Young Speed 600', [600, 200], 3995, UNDER_28),
        line(1113, 'YNG-GF-1000', 'XL', 'Young Speed 1000', [1000, 200], 4995, UNDER_28, { aktion: WECHSEL }),
      ],
    ),
    ...festnetz(b, fixed('young-hybrid', 'Young', { young: true, hybrid: true, fussnote: 'fn-young-28' }), [
      line(1121, 'YNG-HYB-100', 'M', 'Young Hybrid M', [100, 40], 2995, HYBRID),
      line(1122, 'YNG-HYB-250', 'L', 'Young Hybrid L', [250, 40], 3495, HYBRID),
      line(1123, 'YNG-HYB-300', 'XL', 'Young Hybrid XL', [300, 50], 4495, HYBRID),
    ]),
    ...festnetz(
      b,
      festnetzGroup('service', 'digital-home-service', 'Service', {
        fussnote: null,
        einmalig: 0,
        reward: SERVICE,
      }),
      [
        row(1131, 'DHS-S', 'S', 'Digital Home Service S', 495, [
          SETUP_ROUTER,
          SERVICE_HOTLINE,
          visits(1),
          MONTHLY_CANCEL,
        ]),
        row(1132, 'DHS-M', 'M', 'Digital Home Service M', 995, [
          SETUP_SMART_HOME,
          SERVICE_HOTLINE,
          visits(2),
          MONTHLY_CANCEL,
        ]),
        row(
          1133,
          'DHS-L',
          'L',
          'Digital Home Service L',
          1495,
          [SETUP_MESH, SERVICE_HOTLINE, visits(4), MONTHLY_CANCEL],
          { einmalig: 4995 },
        ),
      ],
    ),
    ...festnetz(b, tvGroup('tv'), [
      tv(469, 'TV-M', 'M', ['Zuhause TV M', 'Home TV M'], 100, IPTV, 50, 4495),
      tv(1141, 'TV-L', 'L', ['Zuhause TV L', 'Home TV L'], 150, IPTV, 100, 4995, { aktion: WINTER }),
      tv(1142, 'TV-XL', 'XL', ['Zuhause TV XL', 'Home TV XL'], 180, IPTV, 250, 5995),
    ]),
    ...festnetz(b, tvGroup('satellit'), [
      tv(1200, 'SAT-M', 'M', ['TV Satellit M', 'TV Satellite M'], 100, SAT, 50, 3995),
      tv(1201, 'SAT-L', 'L', ['TV Satellit L', 'TV Satellite L'], 150, SAT, 100, 4495),
      tv(1202, 'SAT-XL', 'XL', ['TV Satellit XL', 'TV Satellite XL'], 180, SAT, 250, 5495),
    ]),
    ...festnetz(b, tvGroup('hybrid-satellit', { hybrid: true }), [
      tv(1207, 'HSAT-M', 'M', ['TV Hybrid Satellit M', 'TV Hybrid Satellite M'], 100, HYBRID_SAT, 100, 4495),
      tv(1208, 'HSAT-L', 'L', ['TV Hybrid Satellit L', 'TV Hybrid Satellite L'], 150, HYBRID_SAT, 250, 4995),
      tv(
        1209,
        'HSAT-XL',
        'XL',
        ['TV Hybrid Satellit XL', 'TV Hybrid Satellite XL'],
        180,
        HYBRID_SAT,
        300,
        5995,
      ),
    ]),
    ...festnetz(b, tvGroup('hybrid', { hybrid: true }), [
      tv(544, 'HTV-M', 'M', 'TV Hybrid M', 100, HYBRID_TV, 100, 4695),
      tv(545, 'HTV-L', 'L', 'TV Hybrid L', 150, HYBRID_TV, 250, 5195),
      tv(546, 'HTV-XL', 'XL', 'TV Hybrid XL', 180, HYBRID_TV, 300, 6195),
    ]),
    ...festnetz(b, tvGroup('glasfaser', { einmalig: 0, reward: FIBRE_REWARD }), [
      tv(2001, 'GFTV-300', 'M', ['TV Glasfaser 300', 'TV Fibre 300'], 100, FIBRE_TV, 300, 5495),
      tv(2002, 'GFTV-600', 'L', ['TV Glasfaser 600', 'TV Fibre 600'], 150, FIBRE_TV, 600, 6495, {
        reward: FIBRE_TOP,
      }),
      tv(2003, 'GFTV-1000', 'XL', ['TV Glasfaser 1000', 'TV Fibre 1000'], 180, FIBRE_TV, 1000, 7995, {
        reward: FIBRE_TOP,
      }),
    ]),
    ...festnetz(
      b,
      festnetzGroup('sport', 'sport', 'Sport', { fussnote: 'fn-sport-12', einmalig: 0, reward: SPORT }),
      [
        row(1258, 'SPORT-L', 'L', ['Sport Komplett', 'Sport Complete'], 1495, [
          FOOTBALL,
          HOCKEY_BASKETBALL,
          screens(2),
          MONTHLY_CANCEL,
        ]),
        row(
          1259,
          'SPORT-XL',
          'XL',
          ['Sport Komplett + TV', 'Sport Complete + TV'],
          2495,
          [FOOTBALL, CHANNELS_100, screens(4), UHD],
          { reward: [11000, 11000] },
        ),
        row(
          1260,
          'SPORT-S',
          'S',
          ['Sport Basis', 'Sport Basic'],
          995,
          [HOCKEY, HIGHLIGHTS, screens(1), MONTHLY_CANCEL],
          { reward: FIXED },
        ),
      ],
    ),
    ...festnetz(b, fixed('internet-telefon', 'Internet'), [
      line(1151, 'IT-50', 'M', ['Internet & Telefon M', 'Internet & Phone M'], [50, 10], 3995, ALLNET),
      line(1152, 'IT-100', 'L', ['Internet & Telefon L', 'Internet & Phone L'], [100, 40], 4495, ALLNET),
      line(1153, 'IT-250', 'XL', ['Internet & Telefon XL', 'Internet & Phone XL'], [250, 40], 5495, ALLNET, {
        aktion: WECHSEL,
      }),
    ]),
    ...festnetz(b, business('homepage-und-shop'), [
      web(1301, 'BIZ-HPS-S', 'S', 'Homepage & Shop Start', articles(50), 1, 5, pages(10), 1495),
      web(1302, 'BIZ-HPS-M', 'M', 'Homepage & Shop Plus', articles(500), 2, 20, pages(50), 2495),
      web(1303, 'BIZ-HPS-L', 'L', 'Homepage & Shop Premium', articles(5000), 5, 100, pages(200), 3995, {
        reward: BUSINESS_TOP,
      }),
    ]),
    ...festnetz(b, business('webseite'), [
      web(1311, 'BIZ-WEB-S', 'S', ['Webseite Basic', 'Website Basic'], pages(5), 1, 5, SSL, 695),
      web(1312, 'BIZ-WEB-M', 'M', ['Webseite Plus', 'Website Plus'], pages(25), 1, 10, SSL, 1295),
      web(1313, 'BIZ-WEB-L', 'L', ['Webseite Pro', 'Website Pro'], pages(100), 3, 50, SSL, 1995),
    ]),
    ...festnetz(b, business('webshop'), [
      web(1321, 'BIZ-SHOP-S', 'S', ['Webshop Start', 'Web Shop Start'], articles(100), 1, 5, PAYMENT, 1995),
      web(1322, 'BIZ-SHOP-M', 'M', ['Webshop Plus', 'Web Shop Plus'], articles(1000), 2, 20, PAYMENT, 2995),
      web(
        1323,
        'BIZ-SHOP-L',
        'L',
        ['Webshop Premium', 'Web Shop Premium'],
        articles(10000),
        5,
        100,
        PAYMENT,
        4995,
        { reward: BUSINESS_TOP },
      ),
    ]),
    ...festnetz(b, business('webhosting'), [
      web(1331, 'BIZ-HOST-S', 'S', ['Webhosting S', 'Web Hosting S'], storage(25), 1, 10, SSL, 495),
      web(1332, 'BIZ-HOST-M', 'M', ['Webhosting M', 'Web Hosting M'], storage(100), 3, 50, SSL, 995),
      web(1333, 'BIZ-HOST-L', 'L', ['Webhosting L', 'Web Hosting L'], storage(500), 10, 250, SSL, 1995),
    ]),
    ...festnetz(b, business('company-start'), [
      company(1345, 'BIZ-CS-100', 'M', 'Company Start M', [100, 40], 24, 3995),
      company(1346, 'BIZ-CS-50', 'S', 'Company Start S', [50, 10], 24, 3495),
      {
        ...company(1347, 'BIZ-CS-250', 'L', 'Company Start L', [250, 40], 24, 4995),
        aktion: WINTER,
      },
    ]),
    ...festnetz(b, business('company-pro', { reward: BUSINESS_TOP }), [
      company(1351, 'BIZ-CP-250', 'L', 'Company Pro L', [250, 40], 8, 6995),
      company(1352, 'BIZ-CP-500', 'XL', 'Company Pro XL', [500, 200], 8, 8995),
      company(
        1353,
        'BIZ-CP-1000',
        'XL',
        ['Company Pro Glasfaser', 'Company Pro Fibre'],
        [1000, 500],
        4,
        11995,
      ),
    ]),
    ...simTariffs(b, { kategorie: 'tarife', fussnote: 'fn-mobil-24', reward: MOBILE }, [
      mobilS,
      mobilM,
      mobilL,
      mobilXL,
      // Legacy tariffs: present in the data, filtered out of every product API result (SPEC §7.7).
      sim(637, 'MOB-ALT-1', 'S', ['Mobil Classic (Bestandstarif)', 'Mobile Classic (legacy)'], 2495, 5, EU),
      sim(638, 'MOB-ALT-2', 'M', ['Mobil Plus (Bestandstarif)', 'Mobile Plus (legacy)'], 3495, 12, EU),
    ]),
    ...simTariffs(b, { kategorie: 'prepaid', fussnote: null, reward: MOBILE }, [
      sim(551, 'PRE-S', 'S', 'Prepaid S', 995, 5, PREPAID),
      sim(552, 'PRE-M', 'M', 'Prepaid M', 1495, 15, PREPAID, { top: 1 }),
      sim(553, 'PRE-L', 'L', 'Prepaid L', 1995, 30, PREPAID),
    ]),
    ...simTariffs(b, { kategorie: 'young', fussnote: 'fn-young-28', reward: MOBILE }, [
      sim(561, 'MYNG-S', 'S', ['Mobil Young S', 'Mobile Young S'], 2495, 30, YOUNG),
      sim(562, 'MYNG-M', 'M', ['Mobil Young M', 'Mobile Young M'], 2995, 60, YOUNG, { aktionspreis: 2495 }),
      sim(563, 'MYNG-L', 'L', ['Mobil Young L', 'Mobile Young L'], 3995, null, YOUNG),
    ]),
    ...simTariffs(b, { kategorie: 'daten', fussnote: 'fn-mobil-24', reward: MOBILE }, [dataS, dataM, dataL]),
    ...simTariffs(b, { kategorie: 'zusatzkarten', fussnote: 'fn-mobil-24', reward: MOBILE }, [
      sim(581, 'ZK-WATCH', 'S', ['Zusatzkarte Smartwatch', 'Add-on card Smartwatch'], 495, 1, WATCH),
      sim(582, 'ZK-DATA', 'S', ['Zusatzkarte Data', 'Add-on card Data'], 995, 10, [
        'für Tablet oder Laptop',
        'for tablet or laptop',
      ]),
      sim(583, 'ZK-MOBIL', 'M', ['Zusatzkarte Mobil', 'Add-on card Mobile'], 1495, 20, EU),
    ]),
    ...simTariffs(b, { kategorie: 'combi-cards', fussnote: 'fn-combi', reward: MOBILE }, [
      sim(591, 'CC-S', 'S', 'Combi Card S', 1995, 15, FAMILY),
      sim(592, 'CC-M', 'M', 'Combi Card M', 2495, 30, FAMILY, { top: 1 }),
      sim(593, 'CC-L', 'L', 'Combi Card L', 2995, null, FAMILY),
    ]),
    ...deviceOffers(b, { kategorie: 'smartphones', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1006, device: np15, tariff: mobilM, preisHandy: 4995, top: 1 },
      { id: 1001, device: np15, tariff: mobilL, preisHandy: 100 },
      { id: 1002, device: np15Max, tariff: mobilL, preisHandy: 19995, aktionspreis: 9995, top: 2 },
      { id: 1003, device: np15Max, tariff: mobilXL, preisHandy: 100 },
      { id: 1004, device: vega, tariff: mobilM, preisHandy: 14995, top: 3 },
      { id: 1005, device: vega, tariff: mobilXL, preisHandy: 100 },
      { id: 1007, device: vegaLite, tariff: mobilM, preisHandy: 100 },
      { id: 1008, device: x5, tariff: mobilM, preisHandy: 9995, aktionspreis: 4995 },
      { id: 1009, device: x5, tariff: mobilL, preisHandy: 100 },
      { id: 1010, device: pine, tariff: mobilM, preisHandy: 2995 },
      { id: 1011, device: pine, tariff: mobilL, preisHandy: 100 },
    ]),
    ...deviceOffers(b, { kategorie: 'tablets', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1254, device: tab11, tariff: dataM, preisHandy: 9995, top: 1 },
      { id: 1251, device: tab11, tariff: dataL, preisHandy: 100 },
      { id: 1252, device: pad10, tariff: dataS, preisHandy: 4995, aktionspreis: 100 },
      { id: 1253, device: slate, tariff: dataM, preisHandy: 14995 },
    ]),
    ...deviceOffers(b, { kategorie: 'surfsticks', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1271, device: stick5g, tariff: dataM, preisHandy: 100, top: 1 },
      { id: 1272, device: hotspot, tariff: dataL, preisHandy: 4995 },
      { id: 1273, device: lteStick, tariff: dataS, preisHandy: 100 },
    ]),
  ]
}

// ---------------------------------------------------------------------------------------------------------
// Fjordnet (`demo-closed`): glass fibre and mobile only

function fjordnet(): Draft[] {
  const b = FJORDNET
  const netS = sim(5201, 'MOB-S', 'S', ['Mobil 15', 'Mobile 15'], 1995, 15, EU)
  const netM = sim(5202, 'MOB-M', 'M', ['Mobil 50', 'Mobile 50'], 2995, 50, EU, { top: 1 })
  const netL = sim(5203, 'MOB-L', 'L', ['Mobil Unbegrenzt', 'Mobile Unlimited'], 4495, null, EU, {
    aktionspreis: 3995,
  })
  const nordphone = phone(9101, 'Nordphone', '15', screen('6.1', 128, ['Dual-Kamera', 'dual camera']))
  const sonaris = phone(9201, 'Sonaris', 'Vega 9 Lite', screen('6.1', 128, LONG_BATTERY))
  const kivo = phone(9301, 'Kivo', 'X5', screen('6.5', 128, ['90-Hz-Display', '90 Hz display']))

  return [
    ...festnetz(b, festnetzGroup('festnetz', 'glasfaser', 'Glasfaser', { einmalig: 0, reward: FIBRE_TOP }), [
      line(5101, 'GF-100', 'S', ['Glasfaser 100', 'Fibre 100'], [100, 50], 3495, FIBRE, {
        reward: FIBRE_REWARD,
      }),
      line(5102, 'GF-250', 'M', ['Glasfaser 250', 'Fibre 250'], [250, 125], 3995, FIBRE, { aktion: WINTER }),
      line(5103, 'GF-500', 'L', ['Glasfaser 500', 'Fibre 500'], [500, 250], 4995, FIBRE),
      line(5104, 'GF-1000', 'XL', ['Glasfaser 1000', 'Fibre 1000'], [1000, 500], 6495, FIBRE),
    ]),
    ...festnetz(b, festnetzGroup('festnetz', 'internet', 'Internet', { einmalig: 4995 }), [
      line(5111, 'DSL-50', 'S', 'DSL 50', [50, 10], 2995, ROUTER),
      line(5112, 'DSL-100', 'M', 'DSL 100', [100, 40], 3495, ROUTER),
      line(5113, 'DSL-250', 'L', 'DSL 250', [250, 40], 4495, ROUTER),
    ]),
    ...simTariffs(b, { kategorie: 'tarife', fussnote: 'fn-mobil-24', reward: MOBILE }, [netS, netM, netL]),
    ...deviceOffers(b, { kategorie: 'smartphones', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 5301, device: nordphone, tariff: netM, preisHandy: 4995, top: 1 },
      { id: 5302, device: nordphone, tariff: netL, preisHandy: 100 },
      { id: 5303, device: sonaris, tariff: netS, preisHandy: 9995, aktionspreis: 4995 },
      { id: 5304, device: sonaris, tariff: netM, preisHandy: 100 },
      { id: 5305, device: kivo, tariff: netM, preisHandy: 2995, top: 2 },
      { id: 5306, device: kivo, tariff: netL, preisHandy: 100 },
    ]),
  ]
}

const CATALOGUES = new Map<string, () => Draft[]>([
  ['demo', lumenta],
  ['demo-closed', fjordnet],
])

/**
 * The demo catalogue of a tenant (empty for other tenants). Sortierung counts from 1 within each
 * quelle/kategorie pair in the order above; reward ids are the product id times ten plus 1 (current) and 2 (next).
 */
export function demoCatalog(tenantSlug: string, today: Date): DemoProduct[] {
  const drafts = CATALOGUES.get(tenantSlug)?.() ?? []
  const positions = new Map<string, number>()
  return drafts.map(({ reward, ...product }) => {
    const pair = `${product.quelle}/${product.kategorie}`
    const sortierung = (positions.get(pair) ?? 0) + 1
    positions.set(pair, sortierung)
    const rewards = demoRewardPeriods(today, [product.id * 10 + 1, product.id * 10 + 2], reward[0], reward[1])
    return { ...product, sortierung, rewards }
  })
}

export type DemoCampaign = {
  id: number
  texts: {
    de: { Titel: string; Text: string; RechtsText: string }
    en: { Titel: string; Text: string; RechtsText: string }
  }
  zustimmungErforderlich: boolean
  startdatum: string
  enddatum: string | null
  sortierung: number
}

/** ISO date of the first day of the month `months` away from `today` (UTC), shifted by `days`. */
function monthStart(today: Date, months: number, days = 0): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1 + days))
    .toISOString()
    .slice(0, 10)
}

/**
 * Demo campaigns (SPEC §3 Campaign, GET /aktion/alleAktiven) around the seeding day: two running, one
 * over and one still to come, so the active rule shows. demo-closed runs none.
 */
export function demoCampaigns(tenantSlug: string, today: Date): DemoCampaign[] {
  if (tenantSlug !== 'demo') return []
  return [
    {
      id: 1,
      texts: {
        de: {
          Titel: 'Winter-Gewinnspiel',
          Text: 'Mit jeder Empfehlung in diesem Winter nehmen Sie an der Verlosung von drei Tablets teil.',
          RechtsText:
            'Ich möchte am Winter-Gewinnspiel teilnehmen und bin einverstanden, dass Lumenta Telekom mich im Gewinnfall per E-Mail benachrichtigt. Die Teilnahmebedingungen des Gewinnspiels habe ich gelesen.',
        },
        en: {
          Titel: 'Winter prize draw',
          Text: 'Every recommendation this winter enters you into the draw for three tablets.',
          RechtsText:
            'I would like to take part in the winter prize draw and agree that Lumenta Telekom notifies me by e-mail if I win. I have read the terms of the prize draw.',
        },
      },
      zustimmungErforderlich: true,
      startdatum: monthStart(today, -1),
      enddatum: monthStart(today, 3, -1),
      sortierung: 1,
    },
    {
      id: 2,
      texts: {
        de: {
          Titel: 'Glasfaser-Bonus',
          Text: 'Für Glasfaser-Empfehlungen gibt es derzeit die höchste Prämie des Jahres.',
          RechtsText: '',
        },
        en: {
          Titel: 'Glass fibre bonus',
          Text: 'Glass fibre recommendations currently earn the highest reward of the year.',
          RechtsText: '',
        },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, -2),
      enddatum: null,
      sortierung: 2,
    },
    {
      id: 3,
      texts: {
        de: { Titel: 'Sommer-Aktion', Text: 'Die Sommer-Aktion ist beendet.', RechtsText: '' },
        en: { Titel: 'Summer offer', Text: 'The summer offer has ended.', RechtsText: '' },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, -6),
      enddatum: monthStart(today, -1, -1),
      sortierung: 3,
    },
    {
      id: 4,
      texts: {
        de: { Titel: 'Frühlings-Aktion', Text: 'Bald geht es los.', RechtsText: '' },
        en: { Titel: 'Spring offer', Text: 'Starting soon.', RechtsText: '' },
      },
      zustimmungErforderlich: false,
      startdatum: monthStart(today, 4),
      enddatum: null,
      sortierung: 4,
    },
  ]
}
