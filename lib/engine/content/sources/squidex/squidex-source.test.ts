import { ContentUnavailableError } from '@/lib/shared/content/types'
import {} from './reshape'
import { createSquidexSource } from './source'
import { APP, CLIENT, PNG, CONTENT, IDS, logged, start, sourceFor, contentRequests } from './squidex-fixtures'

/** A source holding a token from its first call (`warmUp`), on a server that answers the next call 401 once. */
async function tokenExpiringOnce(warmUp: (source: ReturnType<typeof sourceFor>) => Promise<unknown>) {
  const server = await start()
  const source = sourceFor(server)
  await warmUp(source)
  server.setMode('expire-token-once')
  return { server, source }
}

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
    const { server, source } = await tokenExpiringOnce((source) => source.flags('de'))
    await expect(source.flags('de')).resolves.toEqual({ Barrierefreiheitserklaerung: true })
    expect(server.stats.tokenRequests).toBe(2)
    expect(server.stats.perPath[`/api/content/${APP}/einstellungen/e1`]).toBe(3)
    // and the new token is kept
    await source.texts('de')
    expect(server.stats.tokenRequests).toBe(2)
  })

  it('retries GraphQL calls on a 401 the same way', async () => {
    const { server, source } = await tokenExpiringOnce((source) => source.texts('de'))
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
    // Of footnote fn-a only the group has an English value.
    const fnA = { Id: 'n1', Identifier: 'fn-a', Titel: 'Deutsch', Inhalt: 'Nur invariant' }
    const [de] = await source.footnotes(['fn-a'], 'de')
    expect(de).toEqual({ ...fnA, Gruppe: 'Gruppe' })
    const [en] = await source.footnotes(['fn-a'], 'en')
    expect(en).toEqual({ ...fnA, Gruppe: 'Group' })
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
