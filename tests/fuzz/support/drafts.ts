import fc from 'fast-check'
import type { ZodType } from 'zod'
import { PAGE_KEYS } from '@/lib/shared/content/types'
import { brokenJson, deepJson, hostileJson, hostileString, jsonText, nearValid, type Json } from './hostile'
import type { Wire } from './send'
export { headerChoices } from './header-drafts'
import type { Bearer, World } from './world'

/**
 * A request as the fuzzer draws it, before it is written out: the bearer is named, not given, because
 * a call under fuzz may end a session and the world then hands out a new token for the same name.
 */
export type Draft = {
  method: string
  path: string
  query: string
  bearer: Bearer
  /** How the Authorization header is written around the bearer. */
  scheme: string
  host: string
  requestedWith: boolean
  contentType: string | null
  /** Odd headers on top. */
  extra: [string, string][]
  body: BodyDraft | null
  /** Send the world's portal session cookie (server actions behind the login). */
  session?: boolean
}

export type BodyDraft =
  | { kind: 'text'; text: string; chunked: boolean }
  /** Over every body limit: written out only when sent. */
  | { kind: 'huge'; size: number; chunked: boolean }
  | { kind: 'multipart'; boundary: string; parts: Part[]; chunked: boolean }

export type Part = { name: string; value: string; filename?: string; type?: string }

/** A path segment written by hand: broken or overlong percent-encoding, dot segments, raw bytes. */
export const ENCODED_SEGMENTS = [
  '%ff',
  '%00',
  '%2e%2e',
  '%2E%2E%2F',
  '..',
  '.',
  '%2e',
  '%c0%ae%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%f0%80%80%ae',
  '%ed%a0%80',
  '%2f',
  '%5c',
  '%25',
  '%',
  '%zz',
  '%u002e',
  'a;b=c',
  '%0d%0a',
  '%0a',
  '%09',
  '%7f',
  '%e2%80%ae',
  '%e2%81%a6',
  '%ef%bb%bf',
  '\u00ff',
  '\u00e9',
  '~',
  '*',
  "'",
  '%22%3E%3Cscript%3E',
  '%252e%252e',
  'x'.repeat(3000),
]

/** encodeURIComponent, which refuses lone surrogates: those go out as the bytes of one (invalid UTF-8). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ed%a0%80'
  }
}

/** Values a path parameter of this name takes when it names something that exists or could. */
function plausibleParams(name: string, world: World): string[] {
  const { nr, hex, code } = world.recommendation
  switch (name) {
    case 'nr':
      return [nr, nr.toLowerCase()]
    case 'hex':
      return [hex]
    case 'code':
      return [code ?? nr, 'ABCD1234']
    case 'email':
      return [world.referrer.email, world.recipient.email, 'fuzz@example.org']
    case 'lang':
      return ['de', 'en']
    case 'key':
      return [...PAGE_KEYS]
    case 'kundennummer':
      return ['1234567890', '0']
    case 'agentur':
    case 'name':
      return ['Agentur-1', 'Hotline', 'a']
    default:
      return ['462', '1', world.recipient.number, nr, hex, '00000000-0000-4000-8000-000000000000']
  }
}

/** A path segment: something that exists, hostile text encoded, or a broken encoding. */
export function segment(world: World, name = ''): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...plausibleParams(name, world)).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...world.known).map(encode) },
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...ENCODED_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...world.known), fc.constantFrom(...ENCODED_SEGMENTS))
        .map(([value, bad]) => encode(value) + bad),
    },
  )
}

/** The tenant segment: mostly the world's, sometimes the closed one, an unknown one or garbage. */
export function tenantSegment(world: World): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant(world.tenant) },
    { weight: 1, arbitrary: fc.constantFrom('demo-closed', 'nope', 'DEMO', 'demo~en', 'h~demo', 'demo%2e') },
    { weight: 2, arbitrary: segment(world) },
  )
}

/** A fixed path segment, now and then written differently (encoded letters, case, slashes). */
export function staticSegment(value: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.constant(value) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        value.toUpperCase(),
        `%${value.charCodeAt(0).toString(16)}${value.slice(1)}`,
        `${value}/`,
        `/${value}`,
        `${value}%2f`,
        `${value}%00`,
        `${value}.json`,
        `./${value}`,
        `x/../${value}`,
      ),
    },
  )
}

/** Query pairs as written on the wire. */
function queryText(pairs: [string, Json][]): string {
  return pairs
    .flatMap(([key, value]) => {
      const values =
        value.t === 'str' ? [value.value] : value.t === 'arr' ? value.items.map(jsonText) : [jsonText(value)]
      return values.map((v) => `${encode(key)}=${encode(v)}`)
    })
    .join('&')
}

const RAW_QUERIES = [
  'a=%ff',
  '%00=1',
  'a=%00',
  'a=%',
  'a=%zz',
  '__proto__[admin]=1',
  '__proto__=x',
  'constructor[prototype][admin]=1',
  'toString=1',
  'a=1&a=2&a=3',
  '&&&',
  '=',
  '==',
  'a[]=1&a[]=2',
  'x=%ef%bf%bf',
  'x=%e2%80%ae',
  'lang=%0d%0aSet-Cookie:%20x=1',
  `x=${'y'.repeat(6000)}`,
]

/** A query: none, close to the declared schema, hostile pairs, or a broken encoding. */
export function query(schema: ZodType | undefined): fc.Arbitrary<string> {
  const fromSchema = nearValid(schema).map((json) => (json.t === 'obj' ? queryText(json.entries) : ''))
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: schema ? 6 : 1, arbitrary: fromSchema },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(hostileString, hostileJson), { minLength: 1, maxLength: 4 })
        .map(queryText),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  )
}

const KiB = 1024

/** A body over the limits (64 KiB for the main API, 1 MiB for server actions), declared or chunked. */
export const hugeBody: fc.Arbitrary<BodyDraft> = fc.record({
  kind: fc.constant('huge' as const),
  size: fc.oneof(
    fc.integer({ min: 64 * KiB + 1, max: 200 * KiB }),
    fc.integer({ min: 1024 * KiB + 1, max: 1300 * KiB }),
  ),
  chunked: fc.constant(false),
})

/** A JSON body: close to the schema, hostile, broken, deeply nested, huge, or none at all. */
export function jsonBody(schema: ZodType | undefined, takesBody: boolean): fc.Arbitrary<BodyDraft | null> {
  const text = (arbitrary: fc.Arbitrary<string>) =>
    fc
      .tuple(
        arbitrary,
        fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 0, arbitrary: fc.constant(true) }),
      )
      .map(([t, chunked]): BodyDraft => ({ kind: 'text', text: t, chunked }))
  if (!takesBody) {
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: text(hostileJson.map(jsonText)) },
      { weight: 1, arbitrary: text(brokenJson) },
    )
  }
  return fc.oneof(
    { weight: schema ? 12 : 2, arbitrary: text(nearValid(schema).map(jsonText)) },
    { weight: 3, arbitrary: text(hostileJson.map(jsonText)) },
    { weight: 2, arbitrary: text(brokenJson) },
    { weight: 1, arbitrary: text(deepJson) },
    { weight: 1, arbitrary: hugeBody },
    { weight: 1, arbitrary: fc.constant(null) },
  )
}

function hugeText(size: number): Buffer {
  const body = Buffer.alloc(size, 'a')
  body.write('{"Email":"')
  return body
}

function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${part.name.replace(/["\r\n]/g, '_')}"${
      part.filename !== undefined ? `; filename="${part.filename.replace(/["\r\n]/g, '_')}"` : ''
    }`
    const type = part.type ? `\r\nContent-Type: ${part.type}` : ''
    return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.value}\r\n`
  })
  return Buffer.from(`${chunks.join('')}--${boundary}--\r\n`, 'utf8')
}

/** Header values must be Latin-1 without controls: anything else goes out as UTF-8 bytes read as Latin-1. */
function headerValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '?')
}

/** The request on the wire, with today's token for the named bearer. */
export function toWire(draft: Draft, world: World): Wire {
  const headers: [string, string][] = [['Host', draft.host]]
  if (!draft.extra.some(([name]) => name.toLowerCase() === 'accept'))
    headers.push(['Accept', 'application/json'])
  if (draft.requestedWith) headers.push(['X-Requested-With', 'XMLHttpRequest'])
  const token = world.bearers[draft.bearer]
  if (token !== null) headers.push(['Authorization', `${draft.scheme}${token}`])
  if (draft.session) headers.push(['Cookie', world.sessionCookie])
  let body: Buffer | undefined
  let chunked = false
  if (draft.body) {
    chunked = draft.body.chunked
    if (draft.body.kind === 'text') body = Buffer.from(draft.body.text, 'utf8')
    else if (draft.body.kind === 'huge') body = hugeText(draft.body.size)
    else body = multipart(draft.body.boundary, draft.body.parts)
    const type =
      draft.body.kind === 'multipart'
        ? `multipart/form-data; boundary=${draft.body.boundary}`
        : draft.contentType
    if (type !== null) headers.push(['Content-Type', type])
  }
  for (const [name, value] of draft.extra) headers.push([name, headerValue(value)])
  const target = `${draft.path}${draft.query ? `?${draft.query}` : ''}`
  return {
    method: draft.method,
    target,
    headers: headers.map(([k, v]) => [k, headerValue(v)]),
    body,
    chunked,
  }
}
