import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { isDeepStrictEqual } from 'node:util'
import type { FileContent } from '@/lib/shared/content/types'

/**
 * A loopback server that speaks the part of the Squidex API the content source uses (SPEC §7.8):
 *   POST /identity-server/connect/token        client credentials, scope api → { access_token, expires_in }
 *   GET  /api/content/{app}/{schema}            { total, items }, with q={"filter":{path,op,value},"skip","take"} (ops in, eq)
 *   GET  /api/content/{app}/{schema}/{id}       one item, 404 when unknown
 *   POST /api/content/{app}/graphql             the query queryVariablenContents (fields projected loosely)
 *   GET  /api/assets/{app}/{id}?width=&height=  the stored bytes (the size asked for is recorded)
 * Content calls need a bearer token the server issued. Modes: 'ok'; 'outage' answers 503 to everything;
 * 'slow' answers nothing (close() ends the waiting sockets); 'expire-token-once' answers the next
 * content call 401 and forgets the tokens issued so far, then serves as 'ok'; 'unauthorized' answers
 * every content call 401.
 */

export type SquidexItem = { id: string; data: Record<string, Record<string, unknown>> }
export type SquidexAsset = { body: Uint8Array; contentType: string }
/** An app's content: items per schema, assets by id. */
export type SquidexContent = {
  schemas: Record<string, SquidexItem[]>
  assets?: Record<string, SquidexAsset>
}

export type SquidexServerMode = 'ok' | 'outage' | 'slow' | 'expire-token-once' | 'unauthorized'

export type SquidexRequest = {
  method: string
  path: string
  query: URLSearchParams
  /** The Authorization header sent, if any. */
  authorization: string | undefined
  /** The request body (token and GraphQL requests). */
  body: string
}

export type SquidexServerStats = {
  tokenRequests: number
  /** Token requests answered with a token. */
  tokensIssued: number
  /** Every request in order of arrival (token requests included). */
  requests: SquidexRequest[]
  /** Requests per path (without query). */
  perPath: Record<string, number>
}

export type SquidexServer = {
  url: string
  stats: SquidexServerStats
  setMode(mode: SquidexServerMode): void
  /** The content served; may be changed between calls. */
  content: SquidexContent
  close(): Promise<void>
}

export type SquidexServerOptions = {
  clientId: string
  clientSecret: string
  appName: string
  content: SquidexContent
  /** expires_in of the issued tokens; default 3600. */
  tokenLifetimeSeconds?: number
}

export async function startSquidexServer(options: SquidexServerOptions): Promise<SquidexServer> {
  let mode: SquidexServerMode = 'ok'
  let expireOnce = false
  const tokens = new Set<string>()
  const sockets = new Set<Socket>()
  const stats: SquidexServerStats = { tokenRequests: 0, tokensIssued: 0, requests: [], perPath: {} }
  const state = { content: options.content }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { message: String(error) })
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    stats.requests.push({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    })
    stats.perPath[path] = (stats.perPath[path] ?? 0) + 1

    if (mode === 'slow') return // never answers; close() ends the socket
    if (mode === 'outage') return json(res, 503, { message: 'Service Unavailable' })

    if (path === '/identity-server/connect/token') {
      stats.tokenRequests++
      if (req.method !== 'POST') return json(res, 405, { error: 'method' })
      const form = new URLSearchParams(body)
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== options.clientId ||
        form.get('client_secret') !== options.clientSecret ||
        form.get('scope') !== 'api'
      )
        return json(res, 400, { error: 'invalid_client' })
      const token = randomBytes(24).toString('base64url')
      tokens.add(token)
      stats.tokensIssued++
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: options.tokenLifetimeSeconds ?? 3600,
        scope: 'api',
      })
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !tokens.has(bearer) || mode === 'unauthorized') return json(res, 401, {})
    if (expireOnce) {
      expireOnce = false
      tokens.clear()
      return json(res, 401, {})
    }

    const parts = path.split('/').slice(1).map(decodeURIComponent)
    const [api, kind, app, schema, id, ...rest] = parts
    if (api !== 'api' || app !== options.appName || rest.length > 0) return json(res, 404, {})
    const { schemas, assets = {} } = state.content

    if (kind === 'assets' && schema !== undefined && id === undefined) {
      if (req.method !== 'GET') return json(res, 405, {})
      const asset = assets[schema]
      if (!asset) return json(res, 404, {})
      res.writeHead(200, { 'Content-Type': asset.contentType, 'Content-Length': asset.body.byteLength })
      res.end(Buffer.from(asset.body))
      return
    }
    if (kind !== 'content' || schema === undefined) return json(res, 404, {})

    if (schema === 'graphql' && id === undefined) {
      if (req.method !== 'POST') return json(res, 405, {})
      let query: unknown
      try {
        query = (JSON.parse(body) as { query?: unknown }).query
      } catch {
        return json(res, 400, { errors: [{ message: 'body is not JSON' }] })
      }
      if (typeof query !== 'string' || !/\bqueryVariablenContents\b/.test(query))
        return json(res, 400, { errors: [{ message: 'only queryVariablenContents is served here' }] })
      return json(res, 200, { data: { queryVariablenContents: project(schemas.variablen ?? [], query) } })
    }

    if (req.method !== 'GET') return json(res, 405, {})
    const items = schemas[schema]
    if (!items) return json(res, 404, { message: `schema ${schema} not found` })
    if (id !== undefined) {
      const item = items.find((i) => i.id === id)
      return item ? json(res, 200, withMeta(item)) : json(res, 404, {})
    }
    let selected = items
    let page = { skip: 0, take: Infinity }
    const q = url.searchParams.get('q')
    if (q !== null) {
      const query = parseQuery(q)
      if (!query) return json(res, 400, { message: 'unsupported q' })
      if (query.filter) selected = items.filter(query.filter)
      page = query.page
    }
    const shown = selected.slice(page.skip, page.skip + page.take)
    return json(res, 200, { total: selected.length, items: shown.map(withMeta) })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    get content() {
      return state.content
    },
    set content(content: SquidexContent) {
      state.content = content
    },
    setMode(next) {
      if (next === 'expire-token-once') {
        expireOnce = true
        mode = 'ok'
      } else mode = next
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/** Items as Squidex sends them: with metadata the source must ignore. */
function withMeta(item: SquidexItem) {
  return { id: item.id, version: 1, created: '2026-01-01T00:00:00Z', status: 'Published', data: item.data }
}

/**
 * Squidex's JSON query q: an optional filter { path: 'data.<Field>.<language>', op: 'in' | 'eq', value }
 * and the page (skip, take); null for anything else.
 */
function parseQuery(q: string): {
  filter: ((item: SquidexItem) => boolean) | null
  page: { skip: number; take: number }
} | null {
  let parsed: { filter?: { path?: unknown; op?: unknown; value?: unknown }; skip?: unknown; take?: unknown }
  try {
    parsed = JSON.parse(q)
  } catch {
    return null
  }
  const skip = parsed.skip ?? 0
  const take = parsed.take ?? Infinity
  if (typeof skip !== 'number' || typeof take !== 'number') return null
  const page = { skip, take }
  const filter = parsed.filter
  if (filter === undefined) return { filter: null, page }
  const path = typeof filter.path === 'string' ? /^data\.(\w+)\.(\w+)$/.exec(filter.path) : null
  if (!path) return null
  const [, name, language] = path as unknown as [string, string, string]
  const valueOf = (item: SquidexItem) => item.data[name]?.[language]
  if (filter.op === 'in' && Array.isArray(filter.value)) {
    const values = filter.value as unknown[]
    return { filter: (item) => values.includes(valueOf(item)), page }
  }
  if (filter.op === 'eq') return { filter: (item) => valueOf(item) === filter.value, page }
  return null
}

/** Projects items onto the `Field { language ... }` selections of a GraphQL query (loosely parsed). */
function project(items: readonly SquidexItem[], query: string) {
  const selections = [...query.matchAll(/(\w+)\s*\{\s*([a-z]{2}(?:\s+[a-z]{2})*)\s*\}/g)].map(
    (m) => [m[1]!, m[2]!.split(/\s+/)] as const,
  )
  return items.map((item) => ({
    id: item.id,
    data: Object.fromEntries(
      selections.map(([name, languages]) => [
        name,
        Object.fromEntries(languages.map((language) => [language, item.data[name]?.[language] ?? null])),
      ]),
    ),
  }))
}

// ---------------------------------------------------------------------------------------------------
// App-shaped fixtures → Squidex content

/** An invariant field: the value must be the same in every locale. */
function iv(what: string, de: unknown, en: unknown = de): Record<string, unknown> {
  if (!isDeepStrictEqual(de, en)) throw new Error(`${what}: invariant value differs between de and en`)
  return { iv: de }
}

/** A localized field; an English value equal to the German one is left out (the source falls back). */
function loc(de: unknown, en: unknown = de): Record<string, unknown> {
  return en === undefined || isDeepStrictEqual(de, en) ? { de } : { de, en }
}

function counterpart<T>(
  list: readonly T[] | undefined,
  match: (item: T) => boolean,
  what: string,
): T | undefined {
  if (!list) return undefined
  const found = list.find(match)
  if (!found) throw new Error(`${what}: missing in the English content`)
  return found
}

/**
 * Converts app-shaped content (FileContent per locale; English optional) into the Squidex app the
 * source reads (content model in lib/engine/content/sources/squidex/source.ts), with the ids to configure in the
 * tenant's Content.Ids. Items are matched across locales by Id (variables by Name); the two locales must
 * hold the same items. Generated ids must match what the source generates: page sections
 * `${page Id}-${index}`, FAQ entries `faq-${Anker}`.
 */
export function toSquidexContent(
  byLocale: { de: FileContent; en?: FileContent },
  assets: Record<string, SquidexAsset> = {},
): { content: SquidexContent; ids: Record<string, string> } {
  const { de, en } = byLocale
  const ids: Record<string, string> = { faq: 'faq', einstellungen: 'einstellungen' }

  const seiten = de.seiten.map((page): SquidexItem => {
    const other = counterpart(en?.seiten, (p) => p.Id === page.Id, `page ${page.Id}`)
    const sections = (p: typeof page) =>
      p.Inhalte.map((s, index) => {
        if (s.Id !== `${p.Id}-${index}`) throw new Error(`section ${s.Id}: id must be ${p.Id}-${index}`)
        return { Titel: s.Titel, Html: s.Html }
      })
    ids[page.Schluessel] = page.Id
    return {
      id: page.Id,
      data: {
        Schluessel: iv(`page ${page.Id} Schluessel`, page.Schluessel, other?.Schluessel),
        Titel: loc(page.Titel, other?.Titel),
        Einleitung: loc(page.Einleitung, other?.Einleitung),
        Stand: iv(`page ${page.Id} Stand`, page.Stand, other?.Stand),
        Inhalte: loc(sections(page), other && sections(other)),
      },
    }
  })

  const faqEntries = (list: FileContent['faq']) =>
    list.map((e) => {
      if (e.Id !== `faq-${e.Anker}`) throw new Error(`FAQ entry ${e.Id}: id must be faq-${e.Anker}`)
      return { Anker: e.Anker, Kategorie: e.Kategorie, Frage: e.Frage, Antwort: e.Antwort }
    })
  if (
    en &&
    !isDeepStrictEqual(
      de.faq.map((e) => e.Anker),
      en.faq.map((e) => e.Anker),
    )
  )
    throw new Error('FAQ: the anchors differ between de and en')
  const faq: SquidexItem = {
    id: 'faq',
    data: { Eintraege: loc(faqEntries(de.faq), en && faqEntries(en.faq)) },
  }

  const bloecke = de.bloecke.map((block): SquidexItem => {
    const other = counterpart(en?.bloecke, (b) => b.Id === block.Id, `block ${block.Id}`)
    const what = `block ${block.Id}`
    return {
      id: block.Id,
      data: {
        Platz: iv(`${what} Platz`, block.Platz, other?.Platz),
        Position: iv(`${what} Position`, block.Position, other?.Position),
        Titel: loc(block.Titel, other?.Titel),
        Html: loc(block.Html, other?.Html),
        LinkText: loc(block.Link?.Text ?? null, other && (other.Link?.Text ?? null)),
        LinkZiel: iv(
          `${what} LinkZiel`,
          block.Link?.Ziel ?? null,
          other ? (other.Link?.Ziel ?? null) : undefined,
        ),
      },
    }
  })

  const keyvisuals = de.keyVisuals.map((kv): SquidexItem => {
    const other = counterpart(en?.keyVisuals, (k) => k.Id === kv.Id, `key visual ${kv.Id}`)
    const what = `key visual ${kv.Id}`
    return {
      id: kv.Id,
      data: {
        Platz: iv(`${what} Platz`, kv.Platz, other?.Platz),
        Titel: loc(kv.Titel, other?.Titel),
        Text: loc(kv.Text, other?.Text),
        Bild: iv(`${what} Bild`, [kv.Bild.Id], other && [other.Bild.Id]),
        BildAlt: loc(kv.Bild.Alt, other?.Bild.Alt),
        Breite: iv(`${what} Breite`, kv.Bild.Breite, other?.Bild.Breite),
        Hoehe: iv(`${what} Hoehe`, kv.Bild.Hoehe, other?.Bild.Hoehe),
        LinkText: loc(kv.Link?.Text ?? null, other && (other.Link?.Text ?? null)),
        LinkZiel: iv(
          `${what} LinkZiel`,
          kv.Link?.Ziel ?? null,
          other ? (other.Link?.Ziel ?? null) : undefined,
        ),
      },
    }
  })

  const fussnoten = de.fussnoten.map((note): SquidexItem => {
    const other = counterpart(en?.fussnoten, (n) => n.Id === note.Id, `footnote ${note.Id}`)
    return {
      id: note.Id,
      data: {
        Identifier: iv(`footnote ${note.Id} Identifier`, note.Identifier, other?.Identifier),
        Titel: loc(note.Titel, other?.Titel),
        Gruppe: loc(note.Gruppe, other?.Gruppe),
        Inhalt: loc(note.Inhalt, other?.Inhalt),
      },
    }
  })

  const variablen = de.variablen.map((variable, index): SquidexItem => {
    const other = counterpart(en?.variablen, (v) => v.Name === variable.Name, `variable ${variable.Name}`)
    return {
      id: `variable-${index}`,
      data: { Name: { iv: variable.Name }, Wert: loc(variable.Wert, other?.Wert) },
    }
  })

  const keys = [...new Set([...Object.keys(de.texte), ...Object.keys(en?.texte ?? {})])]
  const texte = keys.map((key, index): SquidexItem => ({
    id: `text-${index}`,
    data: { Schluessel: { iv: key }, Text: loc(de.texte[key], en?.texte[key]) },
  }))

  const einstellungen: SquidexItem = {
    id: 'einstellungen',
    data: {
      Barrierefreiheitserklaerung: iv(
        'flags',
        de.flags.Barrierefreiheitserklaerung,
        en?.flags.Barrierefreiheitserklaerung,
      ),
    },
  }

  return {
    content: {
      schemas: {
        seiten,
        faq: [faq],
        bloecke,
        keyvisuals,
        fussnoten,
        variablen,
        texte,
        einstellungen: [einstellungen],
      },
      assets,
    },
    ids,
  }
}
