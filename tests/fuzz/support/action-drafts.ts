import fc from 'fast-check'
import { ENCODED_SEGMENTS, encode, segment, type Draft, type Part } from './drafts'
import { hostileJson, hostileString, jsonText, PROTOTYPE_KEYS, str, type Json } from './hostile'
import { pagePath, type ServerAction } from './server-actions'
import { type World } from './world'

// The parts of a drawn server-action request (server-actions-suite.ts): form fields, the arguments in
// React's reply encoding, the page path, and bodies no client of React writes.

/** A value a field of this name takes in the portal's forms, mostly; hostile now and then. */
export function fieldValue(name: string, world: World): fc.Arbitrary<string> {
  const lower = name.toLowerCase()
  const plausible: string[] =
    lower === 'tenant'
      ? ['demo', 'demo', 'demo', 'demo~en', 'h~demo', 'demo-closed', 'nope']
      : lower.includes('email')
        ? ['fuzz@example.org', world.referrer.email, 'a@b']
        : lower.includes('password')
          ? ['Empfehlen2026', 'Fuzz-Passw0rd', 'kurz']
          : lower === 'token'
            ? ['dCiVNEN1ITsplVX87Umov4e_21DcBYEjdLKrM3I86z0', 'abc']
            : lower === 'code'
              ? [world.recommendation.code ?? 'ABCD1234', 'ABCD1234']
              : lower === 'iban'
                ? ['DE89370400440532013000', 'DE00000000000000000000']
                : ['terms', 'confirm', 'datenschutz', 'agb', 'werbeeinwilligung', 'bestandskunde'].includes(
                      lower,
                    )
                  ? ['on', 'true']
                  : lower === 'language'
                    ? ['de', 'en']
                    : lower === 'kind'
                      ? ['link', 'admin']
                      : lower === 'anrede'
                        ? ['Herr', 'Frau']
                        : lower === 'redirect'
                          ? ['/demo/meinedaten', '//evil.example', 'javascript:alert(1)']
                          : ['462', '50', 'Fuzz', 'Beispiel', ...world.known]
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...plausible) },
    { weight: 1, arbitrary: hostileString },
  )
}

/** A field name as a browser writes it into a form post: CR, LF and quotes escaped, no controls. */
export function browserName(name: string): string {
  return name
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A')
    .replace(/"/g, '%22')
    .replace(/[\u0000-\u001f\u007f]/g, '')
}

/** The form's fields: mostly those the action reads, with hostile names, duplicates and files now and then. */
export function formParts(action: ServerAction, world: World): fc.Arbitrary<Part[]> {
  const named = fc.tuple(
    ...action.fields.map((name) =>
      fc.option(
        fieldValue(name, world).map((value): Part => ({ name, value })),
        { freq: 5 },
      ),
    ),
  )
  const odd = fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...PROTOTYPE_KEYS, ...action.fields), hostileString)
        .map(([name, value]): Part => ({ name, value })),
      fc
        .tuple(hostileString, hostileString)
        .map(([name, value]): Part => ({ name: browserName(name), value })),
      fc
        .tuple(
          fc.constantFrom(...action.fields),
          hostileString,
          fc.constantFrom('application/octet-stream', 'text/plain', '\u00ff'),
        )
        .map(([name, value, type]): Part => ({ name, value, filename: 'a.txt', type })),
      // A field as large as the body limit allows.
      fc
        .tuple(fc.constantFrom(...action.fields), fc.integer({ min: 100_000, max: 900_000 }))
        .map(([name, size]): Part => ({ name, value: 'ä'.repeat(size / 2) })),
    ),
    { maxLength: 3 },
  )
  return fc
    .tuple(
      named,
      fc.oneof({ weight: 3, arbitrary: fc.constant([] as Part[]) }, { weight: 1, arbitrary: odd }),
    )
    .map(([fields, extra]) => [...fields.filter((part): part is Part => part !== null), ...extra])
}

/** Flight references a client never sends unescaped: promises, maps, blobs, other actions, dates, big ints. */
export const REFERENCES = [
  '$K9',
  '$@1',
  '$Q1',
  '$W1',
  '$B1',
  '$D2026-01-01',
  '$n123',
  '$F1',
  '$T',
  '$h1',
  '$Y',
  '$S',
  '$1',
  '$undefined',
  '$NaN',
  '$-0',
  '$l1',
  '$$x',
]

/** Strings as React's reply encoding writes them: one starting with `$` gets a second `$`. */
export function escaped(value: Json): Json {
  switch (value.t) {
    case 'str':
      return value.value.startsWith('$') ? str(`$${value.value}`) : value
    case 'arr':
      return { t: 'arr', items: value.items.map(escaped) }
    case 'obj':
      return { t: 'obj', entries: value.entries.map(([k, v]) => [k, escaped(v)]) }
    default:
      return value
  }
}

/** One argument other than the form, as a client can send it: the state a form keeps (`{}`), or any value. */
export const otherArgument: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Json>({ t: 'obj', entries: [] }) },
  { weight: 2, arbitrary: hostileJson.map(escaped) },
)

/** An argument no client of React writes: unescaped references and nesting deeper than any stack. */
export const brokenArgument: fc.Arbitrary<Json> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...REFERENCES).map(str) },
  { weight: 1, arbitrary: hostileJson },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 5000 })
      .map((depth): Json => ({ t: 'raw', text: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
  },
)

export type Arguments = { root: Json[]; form: Part[] | null }

/** The action's arguments: a form last (or a string, or anything), the others before it. */
export function argumentsFor(action: ServerAction, world: World, broken: boolean): fc.Arbitrary<Arguments> {
  const other = broken ? brokenArgument : otherArgument
  const before = fc.array(other, {
    minLength: Math.max(0, action.arity - 1),
    maxLength: Math.max(0, action.arity - 1),
  })
  const last = fc.oneof(
    { weight: 8, arbitrary: formParts(action, world).map((form) => ({ form, value: str('$K1') })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('demo', 'demo~en', 'nope').map((t) => ({ form: null, value: str(t) })),
    },
    { weight: 1, arbitrary: other.map((value) => ({ form: null, value })) },
  )
  return fc.tuple(before, last).map(([others, { form, value }]) => ({ root: [...others, value], form }))
}

/** React's reply encoding: the form's fields under `_1_`, the argument list last under `0`. */
export function replyBody(args: Arguments, boundary: string): Draft['body'] {
  const root = jsonText({ t: 'arr', items: args.root })
  if (!args.form) return { kind: 'text', text: root, chunked: false }
  const parts = [
    ...args.form.map((part) => ({ ...part, name: `_1_${part.name}` })),
    { name: '0', value: root },
  ]
  return { kind: 'multipart', boundary, parts, chunked: false }
}

export function pathFor(action: ServerAction, world: World): fc.Arbitrary<string> {
  const param = (name: string) =>
    name === 'produktId'
      ? '462'
      : name === 'empfehlungsnummer'
        ? world.recommendation.nr
        : world.recommendation.nr
  return fc
    .tuple(
      fc.constantFrom(...action.pages),
      fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constant('/en') }),
      fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: segment(world) },
        { weight: 1, arbitrary: fc.constantFrom(...ENCODED_SEGMENTS) },
      ),
    )
    .map(([page, locale, odd]) => {
      const path = pagePath(page, world.tenant, (name) => odd ?? encode(param(name)))
      return locale ? path.replace(`/${world.tenant}`, `/${world.tenant}${locale}`) : path
    })
}

/** Bodies no client of React writes: broken JSON, broken multipart, truncated, misplaced or missing parts. */
export function brokenBody(
  action: ServerAction,
  world: World,
  boundary: string,
): fc.Arbitrary<NonNullable<Draft['body']>> {
  const text = (t: string) => ({ kind: 'text' as const, text: t, chunked: false })
  const multipart = (parts: Part[]) => ({ kind: 'multipart' as const, boundary, parts, chunked: false })
  return fc.oneof(
    fc
      .constantFrom(
        '',
        '[',
        '{}',
        'null',
        '"$K1"',
        '0=%5B%5D',
        '--y--',
        '["$K1"]',
        `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="_1_tenant"\r\n\r\ndemo`,
      )
      .map(text),
    // Cut off inside a string, under the 1 MiB the edge lets through to Next.
    fc
      .integer({ min: 64 * 1024, max: 1000 * 1024 })
      .map((size) => ({ kind: 'huge' as const, size, chunked: false })),
    // Names with control characters, which no browser writes into a part's header.
    fc
      .tuple(formParts(action, world), fc.constantFrom('\u0000', '\u001b', '\t', '\u007f', '\u0085'))
      .map(([form, control]) =>
        multipart([
          ...form.map((part) => ({ ...part, name: `_1_${part.name}` })),
          { name: `_1_te${control}nant`, value: 'demo' },
          { name: '0', value: '[{},"$K1"]' },
        ]),
      ),
    // The argument list before the form's fields, or none at all.
    formParts(action, world).map((form) =>
      multipart([
        { name: '0', value: '[{},"$K1"]' },
        ...form.map((part) => ({ ...part, name: `_1_${part.name}` })),
      ]),
    ),
    formParts(action, world).map((form) =>
      multipart(form.map((part) => ({ ...part, name: `_1_${part.name}` }))),
    ),
  )
}
