import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DEMO_CATEGORIES, DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import demoClosedDe from './files/demo-closed/de.json'
import demoClosedEn from './files/demo-closed/en.json'
import demoDe from './files/demo/de.json'
import demoEn from './files/demo/en.json'
import { fileContentSchema, type FileContent } from '@/lib/shared/content/types'

/**
 * The embedded content of the demo tenants (lib/engine/content/sources/files): valid against the app's types, the same
 * items in German and English, only known placeholders, existing images, real category pages and safe HTML.
 */

const SLUGS = ['demo', 'demo-closed'] as const
type Slug = (typeof SLUGS)[number]
const LOCALES = ['de', 'en'] as const

const RAW: Record<Slug, Record<(typeof LOCALES)[number], unknown>> = {
  demo: { de: demoDe, en: demoEn },
  'demo-closed': { de: demoClosedDe, en: demoClosedEn },
}

/** SPEC §3 "Client (Mandant) in texts": substituted by the portal from the tenant settings. */
const TENANT_PLACEHOLDERS = ['Name', 'ProgrammName', 'EmpfehlenUrl', 'Email.Support', 'Produktkategorie.Kurz']

/** The tags the content may use, and the attributes each may carry. */
const ALLOWED_TAGS: Record<string, string[]> = {
  p: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href'],
  strong: [],
  em: [],
  br: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['scope'],
  td: [],
  abbr: ['title'],
}
const SAFE_HREF = /^(mailto:|tel:|https:\/\/|\/)/

function content(slug: Slug, locale: 'de' | 'en'): FileContent {
  return fileContentSchema.parse(RAW[slug][locale])
}

function settings(slug: Slug) {
  return tenantSettingsSchema.parse(DEMO_TENANTS.find((t) => t.slug === slug)!.settings)
}

/** Every HTML field of the content. */
function htmlFields(c: FileContent): string[] {
  return [
    ...c.seiten.flatMap((p) => [p.Einleitung ?? '', ...p.Inhalte.map((s) => s.Html)]),
    ...c.bloecke.map((b) => b.Html),
    ...c.faq.map((f) => f.Antwort),
  ]
}

/** Every text field in which placeholders are substituted. */
function textFields(c: FileContent): string[] {
  return [
    ...htmlFields(c),
    ...c.seiten.flatMap((p) => [p.Titel, ...p.Inhalte.map((s) => s.Titel ?? '')]),
    ...c.bloecke.flatMap((b) => [b.Titel, b.Link?.Text ?? '']),
    ...c.keyVisuals.flatMap((k) => [k.Titel, k.Text, k.Bild.Alt, k.Link?.Text ?? '']),
    ...c.faq.flatMap((f) => [f.Kategorie, f.Frage]),
    ...c.fussnoten.flatMap((f) => [f.Titel, f.Inhalt]),
    ...Object.values(c.texte),
  ]
}

/** The ids of every item, by kind, for comparing the languages. */
function itemIds(c: FileContent) {
  return {
    seiten: c.seiten.map((p) => p.Id),
    abschnitte: c.seiten.flatMap((p) => p.Inhalte.map((s) => s.Id)),
    bloecke: c.bloecke.map((b) => b.Id),
    keyVisuals: c.keyVisuals.map((k) => k.Id),
    bilder: c.keyVisuals.map((k) => k.Bild.Id),
    faq: c.faq.map((f) => f.Id),
    anker: c.faq.map((f) => f.Anker),
    fussnoten: c.fussnoten.map((f) => f.Id),
    variablen: c.variablen.map((v) => v.Name),
    texte: Object.keys(c.texte),
  }
}

describe.each(SLUGS)('embedded content of %s', (slug) => {
  it.each(LOCALES)('is valid content in %s', (locale) => {
    expect(() => content(slug, locale)).not.toThrow()
  })

  it('has the same items in German and English', () => {
    expect(itemIds(content(slug, 'en'))).toEqual(itemIds(content(slug, 'de')))
  })

  it.each(LOCALES)('has unique ids and FAQ anchors in %s', (locale) => {
    const ids = itemIds(content(slug, locale))
    for (const kind of [
      'seiten',
      'abschnitte',
      'bloecke',
      'keyVisuals',
      'faq',
      'anker',
      'variablen',
    ] as const) {
      expect([kind, new Set(ids[kind]).size]).toEqual([kind, ids[kind].length])
    }
  })

  it.each(LOCALES)('uses only its own variables and the tenant placeholders in %s', (locale) => {
    const c = content(slug, locale)
    const known = new Set([...c.variablen.map((v) => v.Name), ...TENANT_PLACEHOLDERS])
    const used = textFields(c).flatMap((text) =>
      [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!),
    )
    expect(used.length).toBeGreaterThan(0)
    expect(used.filter((name) => !known.has(name))).toEqual([])
    // A variable must not shadow a tenant placeholder: the portal's values win.
    expect(c.variablen.filter((v) => TENANT_PLACEHOLDERS.includes(v.Name))).toEqual([])
  })

  it('has an SVG file for every key visual, plain and static', () => {
    const c = content(slug, 'de')
    expect(c.keyVisuals.length).toBeGreaterThan(0)
    for (const visual of c.keyVisuals) {
      expect(visual.Bild.Id).toMatch(/^[a-z0-9][a-z0-9-]*$/)
      const file = path.join(
        process.cwd(),
        'lib/engine/content/sources/files',
        slug,
        'assets',
        `${visual.Bild.Id}.svg`,
      )
      const svg = readFileSync(file, 'utf8')
      expect(svg.startsWith('<svg')).toBe(true)
      expect(svg).not.toMatch(/<script|<foreignObject|<image|<text|\bhref=|\bon[a-z]+=|url\((?!#)/i)
    }
  })

  it('places blocks and key visuals on home or a category page the tenant has', () => {
    const slugs = new Set(DEMO_CATEGORIES[slug]!.map((c) => c.slug))
    const c = content(slug, 'de')
    const places = [...c.bloecke, ...c.keyVisuals].map((item) => item.Platz)
    expect(places).toContain('home')
    const categories = places
      .filter((p) => p.startsWith('kategorie:'))
      .map((p) => p.slice('kategorie:'.length))
    expect(categories.length).toBeGreaterThanOrEqual(2)
    expect(categories.filter((category) => !slugs.has(category))).toEqual([])
  })

  it.each(LOCALES)('uses only the allowed HTML tags and attributes in %s', (locale) => {
    const problems: string[] = []
    for (const html of htmlFields(content(slug, locale))) {
      for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
        const tag = name!.toLowerCase()
        const allowed = ALLOWED_TAGS[tag]
        if (!allowed) {
          problems.push(`<${tag}>`)
          continue
        }
        for (const [, attribute, value] of attributes!.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) {
          if (!allowed.includes(attribute!)) problems.push(`<${tag} ${attribute}>`)
          if (attribute === 'href' && !SAFE_HREF.test(value!)) problems.push(`href="${value}"`)
        }
        if (/'|=\s*[^"\s]/.test(attributes!.replace(/"[^"]*"/g, '""'))) problems.push(`<${tag}${attributes}>`)
      }
      if (/<(?![a-zA-Z/])/.test(html)) problems.push(`stray < in ${html.slice(0, 60)}`)
    }
    expect(problems).toEqual([])
  })

  it('has the pages its settings show', () => {
    const s = settings(slug)
    const expected = [
      ...(s.ModuleAdv ? [] : ['impressum']),
      'datenschutz',
      'agb',
      ...(s.BarrierefreiheitserklaerungEnabled ? ['barrierefreiheit'] : []),
    ]
    for (const locale of LOCALES) {
      const c = content(slug, locale)
      expect(c.seiten.map((p) => p.Schluessel).sort()).toEqual([...expected].sort())
      expect(c.flags.Barrierefreiheitserklaerung).toBe(s.BarrierefreiheitserklaerungEnabled)
      for (const page of c.seiten) {
        expect(page.Stand).not.toBeNull()
        expect(page.Inhalte.length).toBeGreaterThan(0)
      }
    }
  })

  it('answers in the FAQ what SPEC §1 and §9 promise', () => {
    const voucher = settings(slug).RewardKinds.includes('voucher')
    const de = content(slug, 'de').faq
    const en = content(slug, 'en').faq
    expect(de.length).toBeGreaterThanOrEqual(14)
    const text = (entries: typeof de) => entries.map((f) => `${f.Frage} ${f.Antwort}`).join(' ')
    const german = text(de)
    for (const phrase of [
      '60 Tage',
      '4 Wochen',
      '8 Wochen',
      '4 bis 10 Wochen',
      '18 Jahren',
      '70 €',
      '90 €',
      '50 €',
    ])
      expect([phrase, german.includes(phrase)]).toEqual([phrase, true])
    expect(german.includes('24 Stunden')).toBe(voucher)
    const english = text(en)
    for (const phrase of ['60 days', '4 weeks', '8 weeks', '4 to 10 weeks', '18 or over'])
      expect([phrase, english.includes(phrase)]).toEqual([phrase, true])
    expect(english.includes('24 hours')).toBe(voucher)
    for (const anchor of [
      'wer-darf-teilnehmen',
      'gueltigkeit-empfehlung',
      'auszahlung-dauer',
      'empfehlungscode',
    ])
      expect(de.map((f) => f.Anker)).toContain(anchor)
  })

  it('links FAQ anchors that exist', () => {
    for (const locale of LOCALES) {
      const c = content(slug, locale)
      const anchors = new Set(c.faq.map((f) => f.Anker))
      const targets = [
        ...htmlFields(c).flatMap((html) => [...html.matchAll(/href="\/faq#([^"]+)"/g)].map((m) => m[1]!)),
        ...[...c.bloecke, ...c.keyVisuals].flatMap((item) =>
          item.Link?.Ziel.startsWith('/faq#') ? [item.Link.Ziel.slice('/faq#'.length)] : [],
        ),
      ]
      expect(targets.filter((anchor) => !anchors.has(anchor))).toEqual([])
    }
  })
})

it('names each tenant, not the other, in its texts', () => {
  const closed = JSON.stringify(RAW['demo-closed'])
  const demo = JSON.stringify(RAW.demo)
  expect(closed).not.toMatch(/Lumenta/)
  expect(demo).not.toMatch(/Fjordnet/)
})
