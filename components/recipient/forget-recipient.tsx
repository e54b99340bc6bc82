'use client'

import { useEffect } from 'react'

/** Asks the portal to forget a remembered recipient the main API no longer knows (SPEC §7.9). */
export function ForgetRecipient({ tenant }: { tenant: string }) {
  useEffect(() => {
    void fetch(`/api/recipient/${encodeURIComponent(tenant)}`, {
      method: 'DELETE',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    }).catch(() => undefined)
  }, [tenant])
  return null
}
