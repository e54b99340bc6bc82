/**
 * A small fixed-window counter per key, kept in this server's memory (no database: page views are not
 * worth a write). Polite, not exact: with several servers each counts its own share.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }) {
  const maxKeys = options.maxKeys ?? 10_000
  const windows = new Map<string, { start: number; count: number }>()

  /** Counts one event of the key; false when the key is over its limit in the current window. */
  function take(key: string, now = Date.now()): boolean {
    let window = windows.get(key)
    if (!window || now - window.start >= options.windowMs) {
      if (!window && windows.size >= maxKeys) prune(now)
      window = { start: now, count: 0 }
      windows.set(key, window)
    }
    window.count++
    return window.count <= options.limit
  }

  function prune(now: number) {
    for (const [key, window] of windows) if (now - window.start >= options.windowMs) windows.delete(key)
    // Still full (a flood of new keys): forget the oldest half rather than grow without bound.
    if (windows.size >= maxKeys) {
      const keys = [...windows.keys()]
      for (const key of keys.slice(0, Math.ceil(keys.length / 2))) windows.delete(key)
    }
  }

  return { take, size: () => windows.size }
}
