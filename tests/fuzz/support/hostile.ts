import fc from 'fast-check'
import type { ZodType } from 'zod'

/**
 * Hostile input as fast-check arbitraries: strings with control and direction characters, wrong types,
 * prototype keys, deep and huge values, broken encodings. JSON is generated as a tree and written out
 * by hand (`jsonText`), so it can hold what JSON.stringify never writes: duplicate and `__proto__`
 * keys, numbers beyond double precision, lone surrogates.
 */

/** Characters that break a line, turn the direction of text, end a C string or are no text at all. */
export const NASTY_CHARS = [
  '\r\n',
  '\n',
  '\r',
  '\u0000',
  '\t',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u00a0',
  '\u061c',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u3000',
  '\ufeff',
  '\uffff',
  '\ud800',
  '\udfff',
  '\u0301',
  '\u{1f4a9}',
  '\u{e0041}',
]

/** Keys that reach Object.prototype or shadow its methods when code copies them around. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
]

const NASTY_STRINGS = [
  '',
  ' ',
  '\u00a0',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '0x1f',
  'true',
  '[]',
  '{}',
  ...PROTOTYPE_KEYS,
  '$K1',
  '$@0',
  '$F0',
  '${7*7}',
  '{{7*7}}',
  "' OR '1'='1",
  "'; DROP TABLE referrers; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%ff',
  '%2e%2e',
  'a@b',
  '@',
  'anna.beispiel@example.org\r\nBcc: x@evil.example',
  'anna.beispiel@example.org\u0000',
  '\u202eorg.elpmaxe@anna',
  'Ünïcödé Ñämé',
  'ß',
  'İ',
  'ﬃ',
  'A\u030a',
  'Ⅷ',
  '١٢٣',
  '𝟘𝟙',
  'javascript:alert(1)',
  '//evil.example',
  '\\\\evil.example',
  'x'.repeat(101),
  'x'.repeat(256),
  'ü'.repeat(5000),
]

/** A word as people type it (names, places). */
const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüß][a-zäöüß-]{0,11}$/)

/** A string built to hurt: special values, injected control characters, any code units, long text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(word, fc.constantFrom(...NASTY_CHARS), fc.nat(), word)
      .map(([before, char, at, after]) => {
        const base = `${before} ${after}`
        const position = at % (base.length + 1)
        return base.slice(0, position) + char + base.slice(position)
      }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'ä', '\u202e', '€', '𝟘'), fc.integer({ min: 50, max: 20_000 }))
      .map(([char, n]) => char.repeat(n)),
  },
)

/** JSON as a tree; `raw` is written as it is (numbers JSON.stringify would round or refuse). */
export type Json =
  | { t: 'raw'; text: string }
  | { t: 'str'; value: string }
  | { t: 'arr'; items: Json[] }
  | { t: 'obj'; entries: [string, Json][] }

export const str = (value: string): Json => ({ t: 'str', value })
export const raw = (text: string): Json => ({ t: 'raw', text })
const obj = (entries: [string, Json][]): Json => ({ t: 'obj', entries })

/** Escapes like JSON.stringify, but keeps lone surrogates as escapes (never replaced). */
function quote(value: string): string {
  return JSON.stringify(value)
}

export function jsonText(value: Json): string {
  switch (value.t) {
    case 'raw':
      return value.text
    case 'str':
      return quote(value.value)
    case 'arr':
      return `[${value.items.map(jsonText).join(',')}]`
    case 'obj':
      return `{${value.entries.map(([k, v]) => `${quote(k)}:${jsonText(v)}`).join(',')}}`
  }
}

const RAW_NUMBERS = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '0.1e1',
]

const hostileKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 200) },
)

/** Any JSON value, shallow, of any type. */
export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString.map(str) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS, 'true', 'false', 'null').map(raw) },
    { weight: 1, arbitrary: fc.integer().map((n) => raw(String(n))) },
    {
      weight: 1,
      arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items): Json => ({ t: 'arr', items })),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(obj),
    },
  ),
})).value

/** Nesting that makes recursive parsers and validators run out of stack, within the body limit. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('[', '{"a":', '{"__proto__":'), fc.integer({ min: 500, max: 12_000 }))
  .map(([open, depth]) => {
    const close = open === '[' ? ']' : '}'
    return `${open.repeat(depth)}1${close.repeat(depth)}`
  })

/** Text that is no JSON, or JSON with something wrong around it. */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,]',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '\ufeff{}',
    '{"a":1} // note',
    '{"a":NaN}',
    '{"a":undefined}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\\x41"}',
    '"\\',
    'null',
    '[]',
    '"text"',
    '42',
    'true',
    '   ',
    'Email=anna%40example.org&Password=x',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

/**
 * Input shaped like the schema's valid input, with some fields hostile: close enough to pass most
 * checks, so a handler gets past its parser with one odd value. Understands the zod 4 node types the
 * contracts use; anything else becomes a hostile value.
 */
export function nearValid(schema: ZodType | undefined, hostileShare = 0.25): fc.Arbitrary<Json> {
  if (!schema) return hostileJson
  const weight = Math.max(1, Math.round(hostileShare * 20))
  const node = (s: ZodType, depth: number): fc.Arbitrary<Json> =>
    fc.oneof({ weight: 20 - weight, arbitrary: plausible(s, depth) }, { weight, arbitrary: hostileJson })
  const plausible = (s: ZodType, depth: number): fc.Arbitrary<Json> => {
    const def = (s as unknown as { _zod: { def: ZodDef } })._zod.def
    switch (def.type) {
      case 'string':
        return plausibleString(def).map(str)
      case 'number':
      case 'int':
        return fc.integer({ min: -1, max: 600 }).map((n) => raw(String(n)))
      case 'boolean':
        return fc.boolean().map((b) => raw(String(b)))
      case 'null':
        return fc.constant(raw('null'))
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null])).map((v) => raw(JSON.stringify(v)))
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })).map((v) => raw(JSON.stringify(v)))
      case 'array':
        return depth > 4
          ? fc.constant({ t: 'arr', items: [] } as Json)
          : fc
              .array(node(def.element!, depth + 1), { maxLength: 3 })
              .map((items): Json => ({ t: 'arr', items }))
      case 'object': {
        if (depth > 4) return fc.constant(obj([]))
        const keys = Object.entries(def.shape ?? {})
        return fc
          .tuple(
            ...keys.map(([key, child]) =>
              fc.option(node(child, depth + 1), { freq: 12 }).map((v) => [key, v] as const),
            ),
            fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 }),
          )
          .map((parts) => {
            // No pop(): fast-check maps the same tuple again while shrinking.
            const extra = parts[parts.length - 1] as [string, Json][]
            const fields = (parts.slice(0, -1) as (readonly [string, Json | null])[]).flatMap(([k, v]) =>
              v === null ? [] : [[k, v] as [string, Json]],
            )
            return obj([...fields, ...extra])
          })
      }
      case 'record':
        return fc.array(fc.tuple(hostileKey, node(def.valueType!, depth + 1)), { maxLength: 3 }).map(obj)
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return plausible(def.innerType!, depth)
      case 'pipe':
        return plausible(def.in!, depth)
      case 'lazy':
        return depth > 4 ? hostileJson : plausible(def.getter!(), depth)
      case 'union':
        return fc.oneof(...def.options!.map((option) => plausible(option, depth)))
      default:
        return hostileJson
    }
  }
  return node(schema, 0)
}

type ZodDef = {
  type: string
  format?: string
  checks?: { _zod: { def: { check: string; format?: string; minimum?: number; maximum?: number } } }[]
  values?: unknown[]
  entries?: Record<string, string | number>
  element?: ZodType
  shape?: Record<string, ZodType>
  valueType?: ZodType
  innerType?: ZodType
  in?: ZodType
  getter?: () => ZodType
  options?: ZodType[]
}

/** A string a field of this kind would accept, mostly. */
function plausibleString(def: ZodDef): fc.Arbitrary<string> {
  const formats = [def.format, ...(def.checks ?? []).map((c) => c._zod.def.format)].filter(Boolean)
  if (formats.includes('email'))
    return fc.tuple(word, fc.nat(99_999)).map(([w, n]) => `${w.toLowerCase()}.${n}@fuzz.example`)
  if (formats.includes('uuid') || formats.includes('guid')) return fc.uuid()
  if (formats.includes('url')) return fc.constantFrom('https://example.org/', 'http://127.0.0.1/')
  if (formats.includes('iso_date') || formats.includes('date'))
    return fc.constantFrom('1988-03-09', '2026-02-29')
  return fc.oneof(
    word,
    fc.constantFrom('Empfehlen2026', 'DE89370400440532013000', '04109', 'de', 'en', 'Herr', 'Frau', '462'),
    fc.stringMatching(/^[0-9A-Z]{10}$/),
  )
}
