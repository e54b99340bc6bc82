import fc from 'fast-check'
import { apiCalls, type ApiCall } from './api-calls'
import { announceSeed, fuzz, tallyTable } from './campaign'
import {
  headerChoices,
  jsonBody,
  query,
  segment,
  staticSegment,
  tenantSegment,
  toWire,
  type Draft,
} from './drafts'
import { resetWatermark, WRITING_REFUSALS, type Judge } from './row-check'
import type { Answer, Wire } from './send'
import { alive, makeWorld, renewReferrer, type Bearer, type World } from './world'
import { startFuzzServer } from './fuzz-server'

// Generated hostile input for every main-API call (issue 15; QUALITY Security 4 and 17): a thousand
// inputs per call, close to the call's schema with hostile values, hostile throughout, broken,
// deeply nested, huge, on encoded paths and with odd headers, sent with valid tokens where the call
// needs one so they reach the parser and the handler. No answer may be a 5xx, and no refusal (4xx)
// may change a row, except where the refusal itself is the record (EXPECTED_WRITES).

/**
 * Refusals that write by design, per call and answer code, with the reason. Anything else that writes
 * while refusing fails the test.
 */
const EXPECTED_WRITES: { call: string; codes: string[]; reason: string }[] = [
  { call: 'POST /api/v1/{tenant}/account/login', ...WRITING_REFUSALS.login },
  { call: 'PUT /api/v1/{tenant}/account/resetPasswordWithoutToken', ...WRITING_REFUSALS.passwordChange },
  { call: 'GET /api/v1/{tenant}/empfehlung/empfehlungscode/{code}', ...WRITING_REFUSALS.codeGuess },
]

function judgeFor(call: ApiCall): Judge {
  const expected = [...EXPECTED_WRITES.filter((entry) => entry.call === call.name), WRITING_REFUSALS.limit]
  return {
    mayWrite(_wire: Wire, answer: Answer) {
      const code = codeOf(answer)
      return expected.find((entry) => code !== null && entry.codes.includes(code))?.reason ?? null
    },
  }
}

function codeOf(answer: Answer): string | null {
  try {
    const body = JSON.parse(answer.text) as { Code?: unknown }
    return typeof body.Code === 'string' ? body.Code : null
  } catch {
    return null
  }
}

const HOSTILE_BEARERS: Bearer[] = [
  'none',
  'otherTenant',
  'wrongRole',
  'expired',
  'staleSession',
  'unknownReferrer',
  'forged',
  'garbage',
  'opaque',
]

/** Mostly a bearer the call accepts, so input reaches the handler; sometimes one it must refuse. */
function bearerFor(call: ApiCall): fc.Arbitrary<Bearer> {
  // A handler that apiHandler did not make declares nothing: every kind of caller, alike.
  const { auth, rewardToken } = call.meta ?? { auth: null, rewardToken: true }
  const accepted: Bearer[] =
    auth === null
      ? ['operator', 'referrer', 'recipient', 'none']
      : auth === 'operator' || auth === 'provider'
        ? ['operator']
        : auth === 'public'
          ? ['none', 'none', 'referrer', 'recipient']
          : auth.flatMap((role): Bearer[] => (role === 'referrer' || role === 'recipient' ? [role] : []))
  const refused: Bearer[] = [
    ...HOSTILE_BEARERS,
    ...(rewardToken ? ['opaque' as const] : []),
    'operator',
    'recipient',
  ]
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...(accepted.length ? accepted : ['none' as const])) },
    { weight: 2, arbitrary: fc.constantFrom(...refused) },
  )
}

function pathFor(call: ApiCall, world: World): fc.Arbitrary<string> {
  const parts = call.segments.map((part) => {
    if (part.kind === 'static') return staticSegment(part.value)
    if (part.kind === 'param')
      return part.name === 'tenant' ? tenantSegment(world) : segment(world, part.name)
    return fc
      .array(segment(world), { minLength: part.optional ? 0 : 1, maxLength: 4 })
      .map((segments) => segments.join('/'))
  })
  return fc.tuple(...parts).map((segments) => `/${segments.join('/')}`)
}

function draftFor(call: ApiCall, world: World): fc.Arbitrary<Draft> {
  return fc
    .record({
      path: pathFor(call, world),
      query: query(call.query),
      bearer: bearerFor(call),
      headers: headerChoices(),
      body: jsonBody(call.body, call.method !== 'GET'),
    })
    .map(({ headers, ...rest }): Draft => ({ method: call.method, ...headers, ...rest }))
}

/**
 * Defines the tests of one part of the main API's calls (every `parts`-th call from `part` on), so the
 * calls can be spread over test files that run side by side, each with its own server.
 */
export function mainApiSuite(part: number, parts: number): void {
  const calls = apiCalls().filter((_, index) => index % parts === part)
  startFuzzServer()
  let world: World
  /** The world's referrer no longer owns its recommendation (deleted or locked by a call): make a new one. */
  let worldLost = false

  beforeAll(async () => {
    announceSeed('main API')
    world = await makeWorld()
    resetWatermark()
  })

  afterAll(() => {
    console.log(`main API answers per call:\n${tallyTable()}`)
  })

  /** A call may have ended the referrer's session (logout, deletion, lock): log in again before the next batch. */
  async function keepSessions(drafts: Draft[], answers: Answer[]) {
    const ended = (bearer: Bearer) =>
      drafts.some((draft, i) => draft.bearer === bearer && answers[i]!.status === 401)
    if (ended('referrer') && !(await alive(world, 'referrer'))) {
      if (!(await renewReferrer(world))) worldLost = true
      resetWatermark()
    }
    if (ended('recipient') && !(await alive(world, 'recipient'))) worldLost = true
  }

  test.each(calls.map((call) => [call.name, call] as const))('%s', async (_name, call) => {
    if (worldLost || !(await alive(world, 'referrer')) || !(await alive(world, 'recipient'))) {
      world = await makeWorld()
      worldLost = false
      resetWatermark()
    }
    await fuzz({
      name: call.name,
      arbitrary: draftFor(call, world),
      wire: (draft) => toWire(draft, world),
      judge: judgeFor(call),
      afterBatch: keepSessions,
    })
  })
}
