import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locale } from '@/lib/i18n/config'
import { toSquidexContent } from '@/tests/support/squidex-content'
import { startSquidexServer, type SquidexServer } from '@/tests/support/squidex-server'
import { createFileSource } from './files-source'
import { forgetSquidexTokens } from './squidex/fetch'
import { createSquidexSource } from './squidex/source'
import type { ContentSource, FileContent } from '@/lib/shared/content/types'

/**
 * The contract every content source keeps (lib/shared/content/types.ts ContentSource): the same content,
 * given to the file source as files and to the Squidex source through a loopback content service,
 * answers the same in both locales.
 */

const de: FileContent = {
  flags: { Barrierefreiheitserklaerung: true },
  seiten: [
    {
      Id: 'seite-impressum',
      Schluessel: 'impressum',
      Titel: 'Impressum',
      Einleitung: '<p>Angaben gemäß § 5 DDG</p>',
      Stand: '2026-01-15',
      Inhalte: [
        { Id: 'seite-impressum-0', Titel: 'Anbieter', Html: '<p>Lumenta GmbH, Beispielweg 1</p>' },
        { Id: 'seite-impressum-1', Titel: null, Html: '<p>Registergericht Musterstadt</p>' },
      ],
    },
    {
      Id: 'seite-datenschutz',
      Schluessel: 'datenschutz',
      Titel: 'Datenschutz',
      Einleitung: null,
      Stand: null,
      Inhalte: [{ Id: 'seite-datenschutz-0', Titel: 'Verantwortlicher', Html: '<p>Lumenta GmbH</p>' }],
    },
  ],
  // Listed out of order: every source answers blocks by Position.
  bloecke: [
    {
      Id: 'block-zwei',
      Platz: 'kategorie:internet/hybrid',
      Position: 2,
      Titel: 'Schnell',
      Html: '<p>Bis zu 250 Mbit/s</p>',
      Link: null,
    },
    {
      Id: 'block-eins',
      Platz: 'home',
      Position: 1,
      Titel: 'Empfehlen lohnt sich',
      Html: '<p>{{Praemie}} für jede Empfehlung</p>',
      Link: { Text: 'Jetzt empfehlen', Ziel: '/empfehlen' },
    },
  ],
  keyVisuals: [
    {
      Id: 'kv-start',
      Platz: 'home',
      Titel: 'Freunde werben',
      Text: 'Gemeinsam sparen',
      Bild: { Id: 'kv-start-bild', Alt: 'Zwei Menschen am Tisch', Breite: 1200, Hoehe: 400 },
      Link: { Text: 'Mehr erfahren', Ziel: '/faq' },
    },
  ],
  faq: [
    {
      Id: 'faq-praemie',
      Anker: 'praemie',
      Kategorie: 'Prämie',
      Frage: 'Wann kommt die Prämie?',
      Antwort: '<p>Nach 60 Tagen.</p>',
    },
    {
      Id: 'faq-konto',
      Anker: 'konto',
      Kategorie: 'Konto',
      Frage: 'Wie melde ich mich an?',
      Antwort: '<p>Mit E-Mail.</p>',
    },
    {
      Id: 'faq-daten',
      Anker: 'daten',
      Kategorie: 'Konto',
      Frage: 'Was wird gespeichert?',
      Antwort: '<p>Nur das Nötige.</p>',
    },
  ],
  fussnoten: [
    { Id: 'fn-1', Identifier: 'fn-a', Titel: 'Mobilfunk', Gruppe: 'Mobil', Inhalt: '24 Monate Laufzeit.' },
    {
      Id: 'fn-2',
      Identifier: 'fn-b',
      Titel: 'Internet',
      Gruppe: 'Festnetz',
      Inhalt: 'Je nach Verfügbarkeit.',
    },
    {
      Id: 'fn-3',
      Identifier: 'fn-c',
      Titel: 'Geräte',
      Gruppe: 'Hardware',
      Inhalt: 'Solange der Vorrat reicht.',
    },
  ],
  variablen: [
    { Name: 'Praemie', Wert: '50 €' },
    { Name: 'Hotline', Wert: '0800 123 456' },
  ],
  texte: { 'Home.title': 'Empfehlen und Prämie sichern' },
}

/**
 * The English content: where it has the German value (Einleitung, section HTML, Gruppe, Hotline …), the
 * Squidex app holds only the German one and the source falls back to it.
 */
const en: FileContent = {
  ...de,
  seiten: [
    {
      ...de.seiten[0]!,
      Titel: 'Imprint',
      Inhalte: [
        { Id: 'seite-impressum-0', Titel: 'Provider', Html: '<p>Lumenta GmbH, Beispielweg 1</p>' },
        { Id: 'seite-impressum-1', Titel: null, Html: '<p>Registergericht Musterstadt</p>' },
      ],
    },
    { ...de.seiten[1]!, Titel: 'Privacy' },
  ],
  bloecke: [
    { ...de.bloecke[0]!, Titel: 'Fast' },
    {
      ...de.bloecke[1]!,
      Titel: 'Recommending pays',
      Html: '<p>{{Praemie}} for every referral</p>',
      Link: { Text: 'Recommend now', Ziel: '/empfehlen' },
    },
  ],
  keyVisuals: [
    {
      ...de.keyVisuals[0]!,
      Titel: 'Refer friends',
      Bild: { ...de.keyVisuals[0]!.Bild, Alt: 'Two people at a table' },
    },
  ],
  faq: [
    {
      Id: 'faq-praemie',
      Anker: 'praemie',
      Kategorie: 'Reward',
      Frage: 'When is the reward paid?',
      Antwort: '<p>After 60 days.</p>',
    },
    {
      Id: 'faq-konto',
      Anker: 'konto',
      Kategorie: 'Account',
      Frage: 'How do I sign in?',
      Antwort: '<p>With e-mail.</p>',
    },
    {
      Id: 'faq-daten',
      Anker: 'daten',
      Kategorie: 'Account',
      Frage: 'What is stored?',
      Antwort: '<p>Only what is needed.</p>',
    },
  ],
  fussnoten: [
    { ...de.fussnoten[0]!, Titel: 'Mobile' },
    { ...de.fussnoten[1]!, Inhalt: 'Subject to availability.' },
    de.fussnoten[2]!,
  ],
  variablen: [{ Name: 'Praemie', Wert: '€50' }, de.variablen[1]!],
  texte: { 'Home.title': 'Recommend and get your reward' },
}

const FIXTURE: Record<Locale, FileContent> = { de, en }

const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="4"><rect width="12" height="4"/></svg>',
)

const sources: Partial<Record<'files' | 'squidex', ContentSource>> = {}
let assetDir: string
let server: SquidexServer

beforeAll(async () => {
  assetDir = await mkdtemp(path.join(tmpdir(), 'content-contract-'))
  await writeFile(path.join(assetDir, 'kv-start-bild.svg'), SVG)
  sources.files = createFileSource((locale) => FIXTURE[locale], assetDir)

  const { content, ids } = toSquidexContent(FIXTURE, {
    'kv-start-bild': { body: SVG, contentType: 'image/svg+xml' },
  })
  server = await startSquidexServer({
    clientId: 'portal',
    clientSecret: 'geheim',
    appName: 'lumenta',
    content,
  })
  sources.squidex = createSquidexSource(
    { Url: server.url, AppName: 'lumenta', ClientId: 'portal', ClientSecret: 'geheim', Ids: ids },
    { timeoutMs: 300_000 },
  )
})

afterAll(async () => {
  forgetSquidexTokens()
  await server?.close()
  if (assetDir) await rm(assetDir, { recursive: true, force: true })
})

describe.each(['files', 'squidex'] as const)('the %s content source', (kind) => {
  const source = () => sources[kind]!

  describe.each(['de', 'en'] as const)('in %s', (locale) => {
    const fixture = FIXTURE[locale]

    it('answers the content flags', async () => {
      await expect(source().flags(locale)).resolves.toEqual({ Barrierefreiheitserklaerung: true })
    })

    it('answers the pages it has and null for the others', async () => {
      await expect(source().page('impressum', locale)).resolves.toEqual(fixture.seiten[0])
      await expect(source().page('datenschutz', locale)).resolves.toEqual(fixture.seiten[1])
      await expect(source().page('agb', locale)).resolves.toBeNull()
      await expect(source().page('barrierefreiheit', locale)).resolves.toBeNull()
    })

    it('answers the blocks ordered by Position', async () => {
      await expect(source().blocks(locale)).resolves.toEqual([fixture.bloecke[1], fixture.bloecke[0]])
    })

    it('answers the key visuals, FAQ, variables and text overrides', async () => {
      await expect(source().keyVisuals(locale)).resolves.toEqual(fixture.keyVisuals)
      await expect(source().faq(locale)).resolves.toEqual(fixture.faq)
      await expect(source().variables(locale)).resolves.toEqual(fixture.variablen)
      await expect(source().texts(locale)).resolves.toEqual(fixture.texte)
    })

    it('answers footnotes in the order asked for, leaving unknown identifiers out', async () => {
      await expect(source().footnotes(['fn-c', 'fn-unbekannt', 'fn-a'], locale)).resolves.toEqual([
        fixture.fussnoten[2],
        fixture.fussnoten[0],
      ])
      await expect(source().footnotes(['fn-b'], locale)).resolves.toEqual([fixture.fussnoten[1]])
      await expect(source().footnotes([], locale)).resolves.toEqual([])
    })
  })

  it('answers the German value where the English one equals it', async () => {
    // The Squidex app holds these only in German (see toSquidexContent); the answers are the same.
    const [note] = await source().footnotes(['fn-b'], 'en')
    expect(note).toMatchObject({ Gruppe: 'Festnetz', Inhalt: 'Subject to availability.' })
    const page = await source().page('impressum', 'en')
    expect(page?.Einleitung).toBe('<p>Angaben gemäß § 5 DDG</p>')
    expect((await source().variables('en')).find((v) => v.Name === 'Hotline')?.Wert).toBe('0800 123 456')
  })

  it('answers an asset with its bytes and type, and null for an unknown one', async () => {
    const asset = await source().asset('kv-start-bild', { width: 600, height: 200 })
    expect(asset?.contentType).toBe('image/svg+xml')
    expect(Buffer.from(asset!.body).equals(Buffer.from(SVG))).toBe(true)
    await expect(source().asset('kv-start-bild', {})).resolves.toMatchObject({ contentType: 'image/svg+xml' })
    await expect(source().asset('unbekannt', {})).resolves.toBeNull()
    await expect(source().asset('../kv-start-bild', {})).resolves.toBeNull()
  })
})
