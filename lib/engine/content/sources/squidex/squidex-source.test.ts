import {
  startSquidexServer,
  toSquidexContent,
  type SquidexContent,
  type SquidexServer,
  type SquidexServerOptions,
} from '@/tests/support/squidex-server'
import { ContentUnavailableError, type FileContent } from '@/lib/shared/content/types'
import { forgetSquidexTokens } from './fetch'
import {
  localized,
  parseList,
  toBlocks,
  toFlags,
  toFootnotes,
  toPage,
  toTexts,
  toVariables,
  type SquidexItem,
} from './reshape'
import { createSquidexSource, type SquidexContentSettings } from './source'

const APP = 'lumenta'
const CLIENT = { clientId: 'portal', clientSecret: 'geheim-123', appName: APP }
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Content as a Squidex app holds it (localized fields in de/en, invariant ones in iv). */
const CONTENT: SquidexContent = {
  schemas: {
    seiten: [
      {
        id: 'p1',
        data: {
          Schluessel: { iv: 'impressum' },
          Titel: { de: 'Impressum', en: 'Imprint' },
          Stand: { iv: '2026-03-01T00:00:00Z' },
          Inhalte: {
            de: [{ Titel: 'Anbieter', Html: '<p>A</p>', schemaId: 'abschnitt' }, { Html: '<p>B</p>' }],
          },
        },
      },
    ],
    faq: [
      {
        id: 'faq1',
        data: {
          Eintraege: {
            iv: [{ Anker: 'invariant', Kategorie: 'K', Frage: 'iv?', Antwort: 'iv' }],
            de: [{ Anker: 'deutsch', Kategorie: 'K', Frage: 'Frage?', Antwort: '<p>Antwort</p>' }],
          },
        },
      },
    ],
    bloecke: [
      {
        id: 'b1',
        data: {
          Platz: { iv: 'home' },
          Position: { iv: 1 },
          Titel: { de: 'Block' },
          Html: { de: '<p>x</p>' },
        },
      },
    ],
    keyvisuals: [],
    fussnoten: [
      {
        id: 'n1',
        data: {
          Identifier: { iv: 'fn-a' },
          Titel: { iv: 'Invariant', de: 'Deutsch' },
          Gruppe: { de: 'Gruppe', en: 'Group' },
          Inhalt: { iv: 'Nur invariant' },
        },
      },
      {
        id: 'n2',
        data: {
          Identifier: { iv: 'fn-b' },
          Titel: { de: 'B' },
          Gruppe: { de: 'G' },
          Inhalt: { de: 'Text B' },
        },
      },
    ],
    variablen: [{ id: 'v1', data: { Name: { iv: 'Hotline' }, Wert: { de: '0800 1', en: '+49 800 1' } } }],
    texte: [{ id: 't1', data: { Schluessel: { iv: 'Home.title' }, Text: { de: 'Hallo', en: 'Hello' } } }],
    einstellungen: [{ id: 'e1', data: { Barrierefreiheitserklaerung: { iv: true } } }],
  },
  assets: { 'bild-1': { body: PNG, contentType: 'image/png' } },
}
const IDS = { impressum: 'p1', agb: 'gibt-es-nicht', faq: 'faq1', einstellungen: 'e1' }

const servers: SquidexServer[] = []
let logged: string[]

async function start(options: Partial<SquidexServerOptions> = {}): Promise<SquidexServer> {
  const server = await startSquidexServer({ ...CLIENT, content: CONTENT, ...options })
  servers.push(server)
  return server
}

function sourceFor(
  server: SquidexServer,
  settings: Partial<SquidexContentSettings> = {},
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
) {
  return createSquidexSource(
    {
      Url: server.url,
      AppName: APP,
      ClientId: CLIENT.clientId,
      ClientSecret: CLIENT.clientSecret,
      Ids: IDS,
      ...settings,
    },
    { timeoutMs: 30_000, ...options },
  )
}

/** Requests to content (everything but the token endpoint). */
function contentRequests(server: SquidexServer) {
  return server.stats.requests.filter((r) => r.path !== '/identity-server/connect/token')
}

beforeEach(() => {
  logged = []
  for (const method of ['log', 'error'] as const)
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')))
})

afterEach(async () => {
  jest.restoreAllMocks()
  forgetSquidexTokens()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

describe('Squidex source: token', () => {
  it('fetches a token on first use and reuses it for every call, also from another source', async () => {
    const server = await start()
    const source = sourceFor(server)
    await source.flags('de')
    await source.blocks('en')
    await source.variables('de')
    await source.asset('bild-1', {})
    await sourceFor(server).texts('de')
    expect(server.stats.tokenRequests).toBe(1)
    const auth = contentRequests(server).map((r) => r.authorization)
    expect(auth).toHaveLength(5)
    expect(new Set(auth).size).toBe(1)
    expect(auth[0]).toMatch(/^Bearer \S+$/)
  })

  it('shares one token request between calls made at the same time', async () => {
    const server = await start()
    const source = sourceFor(server)
    await Promise.all([source.flags('de'), source.blocks('de'), source.texts('de'), source.variables('de')])
    expect(server.stats.tokenRequests).toBe(1)
  })

  it('fetches a new token when the old one is about to expire', async () => {
    const server = await start({ tokenLifetimeSeconds: 0 })
    const source = sourceFor(server)
    await source.flags('de')
    await source.flags('de')
    expect(server.stats.tokenRequests).toBe(2)
  })

  it('fetches the token again once on a 401 and retries the call', async () => {
    const server = await start()
    const source = sourceFor(server)
    await source.flags('de')
    server.setMode('expire-token-once')
    await expect(source.flags('de')).resolves.toEqual({ Barrierefreiheitserklaerung: true })
    expect(server.stats.tokenRequests).toBe(2)
    expect(server.stats.perPath[`/api/content/${APP}/einstellungen/e1`]).toBe(3)
    // and the new token is kept
    await source.texts('de')
    expect(server.stats.tokenRequests).toBe(2)
  })

  it('retries GraphQL calls on a 401 the same way', async () => {
    const server = await start()
    const source = sourceFor(server)
    await source.texts('de')
    server.setMode('expire-token-once')
    await expect(source.variables('en')).resolves.toEqual([{ Name: 'Hotline', Wert: '+49 800 1' }])
    expect(server.stats.tokenRequests).toBe(2)
    expect(server.stats.perPath[`/api/content/${APP}/graphql`]).toBe(2)
  })

  it('fails on a second 401', async () => {
    const server = await start()
    server.setMode('unauthorized')
    await expect(sourceFor(server).flags('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(sourceFor(server).variables('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    expect(server.stats.perPath[`/api/content/${APP}/einstellungen/e1`]).toBe(2)
    expect(server.stats.perPath[`/api/content/${APP}/graphql`]).toBe(2)
  })

  it('fails with a wrong client secret, also when another client holds a good token', async () => {
    const server = await start()
    await sourceFor(server).flags('de')
    const wrong = sourceFor(server, { ClientSecret: 'falsch' })
    await expect(wrong.flags('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(wrong.variables('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    expect(contentRequests(server)).toHaveLength(1)
  })

  it('logs neither the client secret nor a token', async () => {
    const server = await start()
    await sourceFor(server, { ClientSecret: 'falsch' })
      .flags('de')
      .catch(() => {})
    await sourceFor(server).flags('de')
    server.setMode('expire-token-once')
    await sourceFor(server).flags('de')
    server.setMode('outage')
    await sourceFor(server)
      .blocks('de')
      .catch(() => {})
    expect(logged.length).toBeGreaterThan(0)
    const tokens = contentRequests(server).map((r) => r.authorization!.slice('Bearer '.length))
    for (const line of logged) {
      expect(line).not.toContain(CLIENT.clientSecret)
      expect(line).not.toContain('falsch')
      for (const token of tokens) expect(line).not.toContain(token)
    }
  })
})

describe('Squidex source: unavailable service', () => {
  const everyMethod = (source: ReturnType<typeof sourceFor>) => [
    source.flags('de'),
    source.page('impressum', 'de'),
    source.blocks('de'),
    source.keyVisuals('de'),
    source.faq('de'),
    source.footnotes(['fn-a'], 'de'),
    source.variables('de'),
    source.texts('de'),
    source.asset('bild-1', { width: 10 }),
  ]

  /** Every call fails with ContentUnavailableError (the calls run side by side). */
  async function expectAllUnavailable(calls: Promise<unknown>[]) {
    const reasons = (await Promise.allSettled(calls)).map((r) =>
      r.status === 'rejected' ? (r.reason as Error).name : 'answered',
    )
    expect(reasons).toEqual(calls.map(() => 'ContentUnavailableError'))
  }

  it('times out while fetching the token', async () => {
    const server = await start()
    server.setMode('slow')
    await expect(sourceFor(server, {}, { timeoutMs: 200 }).flags('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
  }, 30_000)

  it('times out on content calls, GraphQL and assets', async () => {
    const server = await start()
    const source = sourceFor(server, {}, { timeoutMs: 200 })
    await source.flags('de')
    server.setMode('slow')
    await expectAllUnavailable(everyMethod(source))
  }, 30_000)

  it('is unavailable during an outage (503)', async () => {
    const server = await start()
    const source = sourceFor(server)
    server.setMode('outage')
    await expect(source.flags('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    server.setMode('ok')
    await source.flags('de')
    server.setMode('outage')
    await expectAllUnavailable(everyMethod(source))
  })

  it('is unavailable when the service is gone (connection refused)', async () => {
    const server = await start()
    const source = sourceFor(server)
    await source.flags('de')
    await server.close()
    await expectAllUnavailable(everyMethod(source))
    await expect(sourceFor(server, { ClientId: 'neu' }).flags('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
  })

  it('is unavailable for an answer that is not JSON or not content', async () => {
    const server = await start()
    const answer = (body: string, status = 200) =>
      new Response(body, { status, headers: { 'Content-Type': 'application/json' } })
    const fake = (content: () => Response): typeof fetch =>
      (async (input: RequestInfo | URL) =>
        String(input).endsWith('/connect/token')
          ? answer(JSON.stringify({ access_token: 't', expires_in: 3600 }))
          : content()) as typeof fetch
    await expect(
      sourceFor(server, {}, { fetch: fake(() => answer('<html>')) }).blocks('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    await expect(
      sourceFor(
        server,
        {},
        { fetch: fake(() => answer('{"items":[{"id":"b","data":{"Platz":{"iv":"irgendwo"}}}]}')) },
      ).blocks('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    await expect(
      sourceFor(server, {}, { fetch: fake(() => answer('{}', 500)) }).texts('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    const badToken = (async () => answer('{"token":"x"}')) as typeof fetch
    await expect(sourceFor(server, {}, { fetch: badToken }).texts('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
    // the fake fetch answered everything: the server saw nothing
    expect(server.stats.requests).toHaveLength(0)
  })
})

describe('Squidex source: requests and answers', () => {
  it('filters footnotes on Identifier with q, answers in the order asked for, and makes no call for none', async () => {
    const server = await start()
    const source = sourceFor(server)
    await expect(source.footnotes([], 'de')).resolves.toEqual([])
    expect(server.stats.requests).toHaveLength(0)

    const notes = await source.footnotes(['fn-b', 'fn-unbekannt', 'fn-a'], 'de')
    expect(notes.map((n) => n.Id)).toEqual(['n2', 'n1'])
    const [request] = contentRequests(server)
    expect(request?.path).toBe(`/api/content/${APP}/fussnoten`)
    expect(JSON.parse(request!.query.get('q')!)).toEqual({
      filter: { path: 'data.Identifier.iv', op: 'in', value: ['fn-b', 'fn-unbekannt', 'fn-a'] },
      skip: 0,
      take: 200,
    })
  })

  it('reads a long list page by page', async () => {
    const texte = Array.from({ length: 5 }, (_, i) => ({
      id: `t${i}`,
      data: { Schluessel: { iv: `Footer.text${i}` }, Text: { de: `Text ${i}` } },
    }))
    const server = await start({ content: { schemas: { ...CONTENT.schemas, texte } } })
    const source = createSquidexSource(
      {
        Url: server.url,
        AppName: APP,
        ClientId: CLIENT.clientId,
        ClientSecret: CLIENT.clientSecret,
        Ids: IDS,
      },
      { timeoutMs: 30_000, pageSize: 2 },
    )
    const texts = await source.texts('de')
    expect(Object.keys(texts)).toHaveLength(5)
    expect(texts['Footer.text4']).toBe('Text 4')
    const pages = contentRequests(server).map((r) => JSON.parse(r.query.get('q')!))
    expect(pages).toEqual([
      { skip: 0, take: 2 },
      { skip: 2, take: 2 },
      { skip: 4, take: 2 },
    ])
  })

  it('forwards the asset width and height asked for, and asks nothing for an id that cannot be one', async () => {
    const server = await start()
    const source = sourceFor(server)
    const asset = await source.asset('bild-1', { width: 300, height: 100 })
    expect(asset).toEqual({ body: PNG, contentType: 'image/png' })
    await source.asset('bild-1', { width: 300 })
    await source.asset('bild-1', {})
    await expect(source.asset('unbekannt', { height: 5 })).resolves.toBeNull()
    const asked = contentRequests(server).map((r) => [r.path, Object.fromEntries(r.query)])
    expect(asked).toEqual([
      [`/api/assets/${APP}/bild-1`, { width: '300', height: '100' }],
      [`/api/assets/${APP}/bild-1`, { width: '300' }],
      [`/api/assets/${APP}/bild-1`, {}],
      [`/api/assets/${APP}/unbekannt`, { height: '5' }],
    ])
    await expect(source.asset('../bild-1', {})).resolves.toBeNull()
    await expect(source.asset('bild 1', {})).resolves.toBeNull()
    expect(contentRequests(server)).toHaveLength(4)
  })

  it('prefers the German value over the invariant one, and falls back from English to German', async () => {
    const source = sourceFor(await start())
    const [de] = await source.footnotes(['fn-a'], 'de')
    expect(de).toEqual({
      Id: 'n1',
      Identifier: 'fn-a',
      Titel: 'Deutsch',
      Gruppe: 'Gruppe',
      Inhalt: 'Nur invariant',
    })
    const [en] = await source.footnotes(['fn-a'], 'en')
    expect(en).toEqual({
      Id: 'n1',
      Identifier: 'fn-a',
      Titel: 'Deutsch',
      Gruppe: 'Group',
      Inhalt: 'Nur invariant',
    })
    // SPEC §3 FAQs: the German value is preferred over the invariant one
    for (const locale of ['de', 'en'] as const)
      await expect(source.faq(locale)).resolves.toEqual([
        { Id: 'faq1-deutsch', Anker: 'deutsch', Kategorie: 'K', Frage: 'Frage?', Antwort: '<p>Antwort</p>' },
      ])
  })

  it('reshapes a page, and answers null for a page without id or unknown to the service', async () => {
    const server = await start()
    const source = sourceFor(server)
    await expect(source.page('impressum', 'en')).resolves.toEqual({
      Id: 'p1',
      Schluessel: 'impressum',
      Titel: 'Imprint',
      Einleitung: null,
      Stand: '2026-03-01',
      Inhalte: [
        { Id: 'p1-0', Titel: 'Anbieter', Html: '<p>A</p>' },
        { Id: 'p1-1', Titel: null, Html: '<p>B</p>' },
      ],
    })
    await expect(source.page('agb', 'de')).resolves.toBeNull()
    await expect(source.page('datenschutz', 'de')).resolves.toBeNull()
    expect(contentRequests(server).map((r) => r.path)).toEqual([
      `/api/content/${APP}/seiten/p1`,
      `/api/content/${APP}/seiten/gibt-es-nicht`,
    ])
  })

  it('is unavailable when a configured id points at another page', async () => {
    const source = sourceFor(await start(), { Ids: { ...IDS, datenschutz: 'p1' } })
    await expect(source.page('datenschutz', 'de')).rejects.toBeInstanceOf(ContentUnavailableError)
  })

  it('answers flags off and no FAQ where no item is configured or found', async () => {
    const server = await start()
    await expect(sourceFor(server, { Ids: {} }).flags('de')).resolves.toEqual({
      Barrierefreiheitserklaerung: false,
    })
    await expect(sourceFor(server, { Ids: {} }).faq('de')).resolves.toEqual([])
    expect(server.stats.requests).toHaveLength(0)
    await expect(sourceFor(server, { Ids: { einstellungen: 'weg' } }).flags('de')).resolves.toEqual({
      Barrierefreiheitserklaerung: false,
    })
  })

  it('answers texts and variables per locale', async () => {
    const source = sourceFor(await start())
    await expect(source.texts('en')).resolves.toEqual({ 'Home.title': 'Hello' })
    await expect(source.variables('de')).resolves.toEqual([{ Name: 'Hotline', Wert: '0800 1' }])
  })

  it('is unavailable when the app is unknown', async () => {
    const source = sourceFor(await start(), { AppName: 'andere-app' })
    await expect(source.blocks('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(source.variables('de')).rejects.toBeInstanceOf(ContentUnavailableError)
  })
})

describe('toSquidexContent (test server seeding)', () => {
  it('keeps localized values in de and en, leaves out English equal to German, and invariant values in iv', () => {
    const base: FileContent = {
      flags: { Barrierefreiheitserklaerung: false },
      seiten: [],
      bloecke: [],
      keyVisuals: [],
      faq: [],
      fussnoten: [{ Id: 'f', Identifier: 'fn', Titel: 'Titel', Gruppe: 'G', Inhalt: 'I' }],
      variablen: [],
      texte: {},
    }
    const { content } = toSquidexContent({
      de: base,
      en: { ...base, fussnoten: [{ ...base.fussnoten[0]!, Titel: 'Title' }] },
    })
    expect(content.schemas.fussnoten).toEqual([
      {
        id: 'f',
        data: {
          Identifier: { iv: 'fn' },
          Titel: { de: 'Titel', en: 'Title' },
          Gruppe: { de: 'G' },
          Inhalt: { de: 'I' },
        },
      },
    ])
    expect(() =>
      toSquidexContent({
        de: base,
        en: { ...base, fussnoten: [{ ...base.fussnoten[0]!, Identifier: 'x' }] },
      }),
    ).toThrow(/invariant/)
  })
})

describe('reshape', () => {
  const item = (id: string, data: SquidexItem['data']): SquidexItem => ({ id, data })

  it('picks the locale, then German, then the invariant value', () => {
    const it1 = item('x', {
      A: { iv: 'iv', de: 'de', en: 'en' },
      B: { iv: 'iv', de: 'de' },
      C: { iv: 'iv' },
      D: 'kaputt',
    })
    expect(localized(it1, 'A', 'en')).toBe('en')
    expect(localized(it1, 'B', 'en')).toBe('de')
    expect(localized(it1, 'C', 'en')).toBe('iv')
    expect(localized(it1, 'D', 'de')).toBeUndefined()
    expect(localized(it1, 'E', 'de')).toBeUndefined()
  })

  it('orders blocks by Position and makes a link only of text and target', () => {
    const block = (id: string, position: number, link: Record<string, unknown>) =>
      item(id, {
        Platz: { iv: 'home' },
        Position: { iv: position },
        Titel: { de: id },
        Html: { de: '' },
        ...link,
      })
    const blocks = toBlocks(
      [
        block('c', 3, { LinkText: { de: 'Los' }, LinkZiel: { iv: '/los' } }),
        block('a', 1, { LinkText: { de: 'Los' } }),
        block('b', 2, { LinkText: { de: '' }, LinkZiel: { iv: '/los' } }),
      ],
      'de',
    )
    expect(blocks.map((b) => [b.Id, b.Link])).toEqual([
      ['a', null],
      ['b', null],
      ['c', { Text: 'Los', Ziel: '/los' }],
    ])
  })

  it('answers footnotes in the order asked for', () => {
    const note = (id: string) =>
      item(id, { Identifier: { iv: id }, Titel: { de: id }, Gruppe: { de: 'g' }, Inhalt: { de: 'i' } })
    expect(toFootnotes([note('a'), note('b')], ['b', 'x', 'a'], 'de').map((n) => n.Identifier)).toEqual([
      'b',
      'a',
    ])
  })

  it('rejects payloads that do not fit the app types', () => {
    expect(() => parseList({ items: [{ data: {} }] })).toThrow(ContentUnavailableError)
    expect(() =>
      toTexts([item('t', { Schluessel: { iv: 'kein Schluessel' }, Text: { de: 'x' } })], 'de'),
    ).toThrow(ContentUnavailableError)
    expect(() => toPage(item('p', { Schluessel: { iv: 'impressum' } }), 'impressum', 'de')).toThrow(
      ContentUnavailableError,
    )
    expect(() => toVariables({ queryVariablenContents: null }, 'de')).toThrow(ContentUnavailableError)
  })

  it('answers flags off without a settings item', () => {
    expect(toFlags(null)).toEqual({ Barrierefreiheitserklaerung: false })
    expect(toFlags(item('e', {}))).toEqual({ Barrierefreiheitserklaerung: false })
    expect(toFlags(item('e', { Barrierefreiheitserklaerung: { iv: true } }))).toEqual({
      Barrierefreiheitserklaerung: true,
    })
  })
})
