import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { announceSeed, fuzz, tallyTable } from './campaign'
import { headerChoices, type Draft } from './drafts'
import { FUZZ_PORT } from './fuzz-port'
import { startFuzzServer } from './fuzz-server'
import { resetWatermark, WRITING_REFUSALS, type Judge } from './row-check'
import type { Answer, Wire } from './send'
import { serverActions, type ServerAction } from './server-actions'
import { toWire } from './drafts'
import { alive, makeWorld, renewReferrer, type World } from './world'
import { argumentsFor, replyBody, pathFor, brokenBody } from './action-drafts'

// Generated hostile input for every server action of the production build (issue 15; QUALITY
// Security 4 and 17), posted as the browser posts it: the page's path, Next-Action with the action's
// id, and the arguments in React's reply encoding (multipart with the form's fields under `_1_` and the
// argument list last under `0`, or a JSON text body), with the referrer's session cookie so pages behind
// the login run the action. A thousand inputs per action: hostile form fields, wrong types, prototype
// names, files, broken and hostile reply encodings, huge bodies, odd headers and addresses. No answer
// may be a 5xx; no refusal (4xx, or a form answer that carries an error code) may change a row, except
// where the refusal itself is the record (EXPECTED_WRITES).

const EXPECTED_WRITES: { action: string; codes: string[]; reason: string }[] = [
  { action: 'app/[tenant]/login/actions.ts loginAction', ...WRITING_REFUSALS.login },
  {
    action: 'app/[tenant]/passwortaendern/actions.ts changePasswordAction',
    ...WRITING_REFUSALS.passwordChange,
  },
  { action: 'app/[tenant]/code/actions.ts redeemCodeAction', ...WRITING_REFUSALS.codeGuess },
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
  const expected = [
    ...EXPECTED_WRITES.filter((entry) => entry.action === action.name),
    WRITING_REFUSALS.limit,
  ]
  return {
    mayWrite(_wire: Wire, answer: Answer) {
      if (CAPTCHA_PICTURE.test(answer.text)) return 'a refusal that shows a captcha stores its challenge'
      const code = refusalCode(answer)
      return expected.find((entry) => code !== null && entry.codes.includes(code))?.reason ?? null
    },
    refused: (answer) => refusalCode(answer) !== null,
  }
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
