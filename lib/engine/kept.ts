import 'server-only'
import { onTenantChange } from '@/lib/shared/tenant-changes'

type Entry<V> = { tenant: string; until: number; value: Promise<V> }

/**
 * Answers the engine reads on every call (a tenant, its product list) for a moment, in this process:
 * each value is kept for `keepMs` under its tenant and key, and dropped at once when this server
 * announces a change of that tenant (lib/shared/tenant-changes.ts); a change made on another server
 * counts here after at most `keepMs`. A failed read, or a value `worthKeeping` refuses (an unknown
 * tenant), is not kept; at most `maxEntries` are, the oldest dropped first, so odd keys cannot fill the
 * memory. On globalThis, since route handlers of one process are separate bundles.
 */
export function keptForAMoment<V>(
  name: string,
  {
    keepMs,
    maxEntries,
    worthKeeping = () => true,
  }: {
    keepMs: number
    maxEntries: number
    worthKeeping?: (value: V) => boolean
  },
) {
  const key = Symbol.for(`referral-portal.kept.${name}`)
  const holder = globalThis as { [k: symbol]: Map<string, Entry<V>> | undefined }
  function entries(): Map<string, Entry<V>> {
    let kept = holder[key]
    if (!kept) {
      const fresh = new Map<string, Entry<V>>()
      holder[key] = kept = fresh
      onTenantChange(({ tenant }) => {
        for (const [k, entry] of fresh) if (entry.tenant === tenant) fresh.delete(k)
      })
    }
    return kept
  }

  return async function read(
    tenant: string,
    what: string,
    load: () => Promise<V>,
    now = Date.now(),
  ): Promise<V> {
    const kept = entries()
    const id = `${tenant}\u0000${what}`
    const known = kept.get(id)
    if (known && known.until > now) return known.value
    const entry: Entry<V> = { tenant, until: now + keepMs, value: load() }
    kept.delete(id)
    kept.set(id, entry)
    while (kept.size > maxEntries) {
      const oldest = kept.keys().next().value
      if (oldest === undefined) break
      kept.delete(oldest)
    }
    const drop = () => {
      if (kept.get(id) === entry) kept.delete(id)
    }
    const value = await entry.value.catch((error: unknown) => {
      drop()
      throw error
    })
    if (!worthKeeping(value)) drop()
    return value
  }
}

const ANSWER_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }

/**
 * keptForAMoment for a read's whole JSON answer (as Response.json writes it): the bytes are kept, so a
 * call answered from them is not written out again; large lists cost more to write than to look up.
 */
export function keptAnswers(name: string, options: { keepMs: number; maxEntries: number }) {
  const kept = keptForAMoment<Uint8Array<ArrayBuffer>>(name, options)
  const encoder = new TextEncoder()
  return async function answer(tenant: string, what: string, load: () => Promise<unknown>) {
    const bytes = await kept(tenant, what, async () => encoder.encode(JSON.stringify(await load())))
    // A BufferSource body is copied into the answer: the kept bytes stay as they are.
    return new Response(bytes, { headers: ANSWER_HEADERS })
  }
}
