'use client'

import { useEffect } from 'react'
import { useSWRConfig } from 'swr'

/**
 * Reads the session resource again once this is shown: for pages reached by a login that kept the
 * pathname (a mailed link's page redirecting to itself), where the header would still show the old state.
 */
export function SessionRefresh() {
  const { mutate } = useSWRConfig()
  useEffect(() => {
    void mutate(
      (key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/api/session/'),
    )
  }, [mutate])
  return null
}
