'use client'

import { useEffect, useRef } from 'react'

/** Counts this landing once, from the browser (see app/api/visit). Stores nothing on the device. */
export function LandingBeacon({ url }: { url: string }) {
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    void fetch(url, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      keepalive: true,
    }).catch(() => undefined)
  }, [url])
  return null
}
