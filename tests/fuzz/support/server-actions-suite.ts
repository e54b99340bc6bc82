import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { announceSeed, fuzz, tallyTable } from './campaign'
import { ENCODED_SEGMENTS, encode, headerChoices, segment, type Draft, type Part } from './drafts'
import { FUZZ_PORT } from './fuzz-port'
import { startFuzzServer } from './fuzz-server'
import { hostileJson, hostileString, jsonText, PROTOTYPE_KEYS, str, type Json } from './hostile'
import { resetWatermark, type Judge } from './row-check'
import type { Answer, Wire } from './send'
import { pagePath, serverActions, type ServerAction } from './server-actions'
import { toWire } from './drafts'
import { alive, makeWorld, renewReferrer, type World } from './world'

// Generated hostile input for every server action of the production build (issue 15; QUALITY
// Security 4 and 17), posted as the browser posts it: the page's path, Next-Action with the action's
// id, and the arguments in React's reply encoding (multipart with the form's fields under `_1_` and the
// argument list last under `0`, or a JSON text body), with the referrer's session cookie so pages behind
// the login run the action. A thousand inputs per action: hostile form fields, wrong types, prototype
// names, files, broken and hostile reply encodings, huge bodies, odd headers and addresses. No answer
// may be a 5xx; no refusal (4xx, or a form answer that carries an error code) may change a row, except
// where the refusal itself is the record (EXPECTED_WRITES).

const EXPECTED_WRITES: { action: string; codes: string[]; reason: string }[] = [
  {
    action: 'app/[tenant]/login/actions.ts loginAction',
    codes: ['PasswortOderEmailFalsch', 'CaptchaRequired', 'CaptchaWrong', 'KontoGesperrt'],
    reason: 'a failed login is counted per e-mail and client address (README "Failed logins")',
  },
  {
    action: 'app/[tenant]/passwortaendern/actions.ts changePasswordAction',
    codes: ['PasswortFalsch', 'CaptchaRequired', 'CaptchaWrong', 'KontoGesperrt'],
    reason: 'a wrong current password counts as a failed login (lib/engine/referrers/change-password.ts)',
  },
  {
    action: 'app/[tenant]/code/actions.ts redeemCodeAction',
    codes: ['EmpfehlungscodeUngueltig', 'CaptchaRequired', 'CaptchaWrong'],
    reason: 'a wrong code is counted per client address, so guessing meets a captcha (issue 15, item 12)',
  },
]

/** The code of a refusal: the envelope's Code, or the error a form action answers in its reply. */
function refusalCode(answer: Answer): string | null {
  if (answer.status >= 400) {
    try {
      const body = JSON.parse(answer.text) as { Code?: unknown }
      return typeof body.Code === 'string' ? body.Code : ''
    } catch {
      return ''
    }
  }
  return /"error":"(\w+)"/.exec(answer.text)?.[1] ?? null
}

/** A form answer that shows a captcha picture: the challenge behind it was stored for the next try. */
const CAPTCHA_PICTURE = /"captcha":\{"CaptchaId":/

function judgeFor(action: ServerAction): Judge {
  const expected = EXPECTED_WRITES.filter((entry) => entry.action === action.name)
  return {
    mayWrite(_wire: Wire, answer: Answer) {
      if (CAPTCHA_PICTURE.test(answer.text)) return 'a refusal that shows a captcha stores its challenge'
      const code = refusalCode(answer)
      return expected.find((entry) => code !== null && entry.codes.includes(code))?.reason ?? null
    },
    refused: (answer) => refusalCode(answer) !== null,
  }
}

/** A value a field of this name takes in the portal's forms, mostly; hostile now and then. */
function fieldValue(name: string, world: World): fc.Arbitrary<string> {
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
function browserName(name: string): string {
  return name
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A')
    .replace(/"/g, '%22')
    .replace(/[\u0000-\u001f\u007f]/g, '')
}

/** The form's fields: mostly those the action reads, with hostile names, duplicates and files now and then. */
function formParts(action: ServerAction, world: World): fc.Arbitrary<Part[]> {
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
const REFERENCES = [
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
function escaped(value: Json): Json {
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
const otherArgument: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Json>({ t: 'obj', entries: [] }) },
  { weight: 2, arbitrary: hostileJson.map(escaped) },
)

/** An argument no client of React writes: unescaped references and nesting deeper than any stack. */
const brokenArgument: fc.Arbitrary<Json> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...REFERENCES).map(str) },
  { weight: 1, arbitrary: hostileJson },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 5000 })
      .map((depth): Json => ({ t: 'raw', text: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
  },
)

type Arguments = { root: Json[]; form: Part[] | null }

/** The action's arguments: a form last (or a string, or anything), the others before it. */
function argumentsFor(action: ServerAction, world: World, broken: boolean): fc.Arbitrary<Arguments> {
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
function replyBody(args: Arguments, boundary: string): Draft['body'] {
  const root = jsonText({ t: 'arr', items: args.root })
  if (!args.form) return { kind: 'text', text: root, chunked: false }
  const parts = [
    ...args.form.map((part) => ({ ...part, name: `_1_${part.name}` })),
    { name: '0', value: root },
  ]
  return { kind: 'multipart', boundary, parts, chunked: false }
}

function pathFor(action: ServerAction, world: World): fc.Arbitrary<string> {
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
function brokenBody(
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

/**
 * A post of the action as a browser sends it (`form`: the reply encoding is sound, the values and
 * types in it hostile), or with a reply encoding that no browser writes (`encoding`).
 */
function draftFor(action: ServerAction, world: World, mode: 'form' | 'encoding'): fc.Arbitrary<Draft> {
  const broken = mode === 'encoding'
  const boundary = fc.constantFrom('----fuzz7MA4YWxkTrZu0gW', 'x', '----fuzz' + 'b'.repeat(60))
  return fc
    .record({
      path: pathFor(action, world),
      args: argumentsFor(action, world, broken),
      headers: headerChoices(),
      actionHeader: fc.oneof(
        { weight: 14, arbitrary: fc.constant(action.id) },
        {
          weight: broken ? 0 : 1,
          arbitrary: fc.constantFrom(
            '00'.repeat(21),
            '7f'.repeat(21),
            'x',
            action.id.toUpperCase(),
            `${action.id} `,
          ),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      origin: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 3, arbitrary: fc.constant(`http://127.0.0.1:${FUZZ_PORT}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'https://evil.example',
            'null',
            `http://127.0.0.1:${FUZZ_PORT}.evil.example`,
          ),
        },
      ),
      session: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      boundary,
      body: fc.oneof(
        { weight: broken ? 3 : 14, arbitrary: fc.constant(null) },
        // Over the 1 MiB limit of server actions: refused before Next reads it.
        {
          weight: broken ? 0 : 1,
          arbitrary: fc
            .integer({ min: 1024 * 1024 + 1, max: 1300 * 1024 })
            .map((size) => ({ kind: 'huge' as const, size, chunked: false })),
        },
        { weight: broken ? 6 : 0, arbitrary: boundary.chain((b) => brokenBody(action, world, b)) },
      ),
    })
    .map(({ path, args, headers, actionHeader, origin, session, body, boundary }): Draft => {
      const extra: [string, string][] = [['Accept', 'text/x-component'], ...headers.extra]
      if (actionHeader !== null) extra.unshift(['Next-Action', actionHeader])
      if (origin !== null) extra.push(['Origin', origin])
      // Without Next-Action, a browser without JavaScript posts the form with the action's id in it.
      const reply =
        actionHeader === null
          ? {
              kind: 'multipart' as const,
              boundary,
              parts: [{ name: `$ACTION_ID_${action.id}`, value: '' }, ...(args.form ?? [])],
              chunked: false,
            }
          : replyBody(args, boundary)
      const written = body ?? reply
      // React sends a reply without a form as text/plain; a broken one may come as anything.
      const textType = broken ? headers.contentType : 'text/plain;charset=UTF-8'
      return {
        method: 'POST',
        path,
        query: '',
        bearer: 'none',
        scheme: 'Bearer ',
        host: headers.host,
        requestedWith: false,
        contentType: written?.kind === 'multipart' ? null : textType,
        extra,
        body: written,
        session,
      }
    })
}

function actionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    return statSync(full).isDirectory() ? actionFiles(full) : entry === 'actions.ts' ? [full] : []
  })
}

/**
 * Defines the tests of one part of the build's server actions (every `parts`-th from `part` on), so
 * they can be spread over test files that run side by side, each with its own server.
 */
export function serverActionsSuite(part: number, parts: number): void {
  const actions = serverActions().filter((_, index) => index % parts === part)
  let world: World

  startFuzzServer()

  beforeAll(async () => {
    announceSeed('server actions')
    world = await makeWorld()
    resetWatermark()
  })

  afterAll(() => {
    console.log(`server action answers:\n${tallyTable()}`)
  })

  if (part === 0)
    test('the build has every server action of every actions.ts', () => {
      const exported = actionFiles('app').flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^export async function (\w+)/gm)].map(
          (m) => `${file} ${m[1]}`,
        ),
      )
      const built = serverActions().map((action) => action.name)
      expect(built).toEqual(expect.arrayContaining(exported))
    })

  /** An action that logs out or deletes the account ends the session the cookie carries. */
  async function keepSession(_drafts: Draft[], answers: Answer[]) {
    if (answers.some((answer) => refusalCode(answer) === null) && !(await alive(world, 'referrer'))) {
      await renewReferrer(world)
      resetWatermark()
    }
  }

  async function freshWorld() {
    if (await alive(world, 'referrer')) return
    world = await makeWorld()
    resetWatermark()
  }

  test.each(actions.map((action) => [action.name, action] as const))('%s', async (_name, action) => {
    await freshWorld()
    await fuzz({
      name: action.name,
      arbitrary: draftFor(action, world, 'form'),
      wire: (draft) => toWire(draft, world),
      judge: judgeFor(action),
      afterBatch: keepSession,
    })
  })

  // Reply encodings no browser writes are Next's to refuse before any action runs: one campaign over
  // the actions of this part, so the time per action stays that of its own forms.
  test(`broken reply encodings, ${actions.length} actions`, async () => {
    await freshWorld()
    const judges = new Map(actions.map((action) => [action.id, judgeFor(action)]))
    const judgeOf = (wire: Wire) =>
      judges.get(wire.headers.find(([name]) => name === 'Next-Action')?.[1] ?? '')
    await fuzz({
      name: `broken reply encodings (part ${part + 1})`,
      arbitrary: fc.constantFrom(...actions).chain((action) => draftFor(action, world, 'encoding')),
      wire: (draft) => toWire(draft, world),
      judge: {
        mayWrite: (wire, answer) => judgeOf(wire)?.mayWrite(wire, answer) ?? null,
        refused: (answer) => refusalCode(answer) !== null,
      },
      afterBatch: keepSession,
    })
  })
}
