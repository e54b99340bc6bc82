'use client'

import { useEffect, useRef } from 'react'
import { useRouter } from 'next/navigation'

/** The screens (by key) shown so far in this document: the first showing is the server's fresh render. */
const shown = new Set<string>()

/**
 * Shows a screen's current state when the visitor comes back to it within the document (the browser's
 * Back after a form sent from it): the router would restore the render it kept, e.g. a reward's pick
 * form after the reward was picked, whose second pick is refused. The first showing stays as rendered.
 */
export function RefreshOnReturn({ screen }: { screen: string }) {
  const router = useRouter()
  const handled = useRef(false)
  useEffect(() => {
    // Once per mount, also where development mode runs effects twice.
    if (handled.current) return
    handled.current = true
    if (shown.has(screen)) router.refresh()
    else shown.add(screen)
  }, [screen, router])
  return null
}
