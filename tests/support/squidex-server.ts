import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

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
