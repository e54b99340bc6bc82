import { FUZZ_PORT } from './fuzz-port'
import { describeWire, send, type Answer, type Wire } from './send'

/**
 * "0 rows changed on a refusal", proven from outside the server: GET /api/dev/schreibstand answers the
 * database's next transaction id, which every committed write moves on and no read does. A batch of
 * requests runs concurrently between two readings; when the watermark moved, something in the batch
 * wrote (a request that was answered with success may), so each refusal of the batch is sent once more
 * on its own between two readings: a refusal that writes by itself is a failure. A transaction that
 * only locked a row before the refusal also takes an id; the server is then asked whether any of the
 * ids since the first reading committed (`?seit=`), and one that was rolled back is no write. Nothing
 * else writes on the fuzz server (no jobs, mail only right after a change), and a write that is still under way
 * (a mail delivered just after its change) is waited out before the next reading counts.
 */

export type Judge = {
  /** Why a refusal may write (a wrong password is counted), or null when it must not. */
  mayWrite(wire: Wire, answer: Answer): string | null
  /** Whether an answer is a refusal (default: a 4xx; a form action refuses with an error in a 200). */
  refused?(answer: Answer): boolean
}

/**
 * Refusals that write by design, because the refusal itself is the record: the same through the main API
 * and the portal's server actions (main-api-suite.ts and server-actions-suite.ts name where each comes in).
 */
export const WRITING_REFUSALS = {
  login: {
    codes: ['PasswortOderEmailFalsch', 'CaptchaRequired', 'CaptchaWrong', 'KontoGesperrt'],
    reason:
      'a failed login is counted per e-mail and client address (login_failures, README "Failed logins")',
  },
  passwordChange: {
    codes: ['PasswortFalsch', 'CaptchaRequired', 'CaptchaWrong', 'KontoGesperrt'],
    reason: 'a wrong current password counts as a failed login (lib/engine/referrers/change-password.ts)',
  },
  codeGuess: {
    codes: ['EmpfehlungscodeUngueltig', 'CaptchaRequired', 'CaptchaWrong'],
    reason: 'a wrong code is counted per client address, so guessing meets a captcha (issue 15, item 12)',
  },
  /** Any call: 400 inputs from one address reach the hourly limit of captcha pictures (POST /captcha). */
  limit: {
    codes: ['ZuVieleAnfragen'],
    reason:
      'a refusal by a limit took its number on the counter before the limit was decided and gives it back (lib/engine/limits/counter.ts)',
  },
} satisfies Record<string, { codes: string[]; reason: string }>

export type Failure = { kind: 'server error' | 'no answer' | 'write on refusal'; wire: Wire; detail: string }

export class FuzzFailure extends Error {
  /** The request's place in its batch. */
  index = 0
  constructor(readonly failure: Failure) {
    super(`${failure.kind}: ${describeWire(failure.wire)}\n  → ${failure.detail}`)
  }
}

export function isRefusal(answer: Answer): boolean {
  return answer.status >= 400 && answer.status < 500
}

async function askWatermark<T>(target: string): Promise<T> {
  const answer = await send({ method: 'GET', target, headers: [['Host', `127.0.0.1:${FUZZ_PORT}`]] })
  if (answer.status !== 200) throw new Error(`GET ${target} answered ${answer.status}: ${answer.text}`)
  return JSON.parse(answer.text) as T
}

export async function watermark(): Promise<bigint> {
  return BigInt((await askWatermark<{ Schreibstand: string }>('/api/dev/schreibstand')).Schreibstand)
}

/** How many transactions since the watermark `since` committed (or still run): 0 when none wrote. */
async function writesSince(since: bigint): Promise<number> {
  return (await askWatermark<{ Geschrieben: number }>(`/api/dev/schreibstand?seit=${since}`)).Geschrieben
}

const SETTLE_STEP_MS = 120
const SETTLE_MAX_MS = 10_000

/** The watermark once nothing has written for two readings in a row (a kicked mail delivery is done). */
export async function settle(): Promise<bigint> {
  const deadline = Date.now() + SETTLE_MAX_MS
  let last = await watermark()
  let quiet = 0
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS))
    const now = await watermark()
    quiet = now === last ? quiet + 1 : 0
    last = now
  }
  return last
}

function answerLine(answer: Answer): string {
  return `${answer.status} ${answer.text.slice(0, 400)}`
}

async function sendChecked(wire: Wire): Promise<Answer> {
  let answer: Answer
  try {
    answer = await send(wire)
  } catch (error) {
    throw new FuzzFailure({ kind: 'no answer', wire, detail: String(error) })
  }
  if (answer.status >= 500) throw new FuzzFailure({ kind: 'server error', wire, detail: answerLine(answer) })
  return answer
}

let known: bigint | null = null

/** Sends one request between two readings; throws when it is a refusal that wrote. */
export async function checkAlone(wire: Wire, judge: Judge): Promise<Answer> {
  const before = known ?? (await settle())
  const answer = await sendChecked(wire)
  const after = await watermark()
  known = after
  if (after === before) return answer
  known = await settle()
  if ((judge.refused ?? isRefusal)(answer) && !judge.mayWrite(wire, answer)) {
    const writes = await writesSince(before)
    if (writes > 0)
      throw new FuzzFailure({
        kind: 'write on refusal',
        wire,
        detail: `${answerLine(answer)} — the write watermark moved from ${before} to ${after}, ${writes} transaction(s) committed`,
      })
  }
  return answer
}

/** Sends a batch concurrently; returns the answers, or throws on a 5xx, no answer, or a refusal that wrote. */
export async function checkBatch(wires: Wire[], judge: Judge): Promise<Answer[]> {
  const before = known ?? (await settle())
  const settled = await Promise.allSettled(wires.map(sendChecked))
  const failed = settled.findIndex((result) => result.status === 'rejected')
  if (failed >= 0) {
    known = null
    const reason = (settled[failed] as PromiseRejectedResult).reason as unknown
    if (reason instanceof FuzzFailure) reason.index = failed
    throw reason
  }
  const answers = settled.map((result) => (result as PromiseFulfilledResult<Answer>).value)
  const after = await watermark()
  known = after
  if (after === before) return answers
  // Someone in the batch wrote: every refusal that may not write is tried alone.
  known = await settle()
  for (const [index, answer] of answers.entries()) {
    if (!(judge.refused ?? isRefusal)(answer) || judge.mayWrite(wires[index]!, answer)) continue
    try {
      await checkAlone(wires[index]!, judge)
    } catch (error) {
      if (error instanceof FuzzFailure) error.index = index
      throw error
    }
  }
  return answers
}

/** Forget the last reading (after requests this module did not see, e.g. setting up accounts). */
export function resetWatermark(): void {
  known = null
}
