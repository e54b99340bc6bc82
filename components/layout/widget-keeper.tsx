'use client'

import { useEffect } from 'react'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { setWidgetMark } from '@/lib/portal/embed/widget-mode'

/**
 * Carries the `widget` query parameter across navigations (SPEC §1, §2.4). Cached pages are the same
 * for everyone, so the parameter is added in the browser: to every internal link as it is followed,
 * and back onto the URL when a redirect dropped it. It keeps the document's widget mark too, which
 * hides the portal's own frame (lib/portal/embed/widget-mode.ts).
 */
let widgetValue: string | null = null

export function WidgetKeeper() {
  const searchParams = useSearchParams()
  const pathname = usePathname()
  const router = useRouter()
  const widget = searchParams.get('widget')

  useEffect(() => {
    if (widget !== null) {
      widgetValue = widget
      setWidgetMark(true)
    } else if (widgetValue !== null) {
      const query = new URLSearchParams(searchParams.toString())
      query.set('widget', widgetValue)
      router.replace(`${pathname}?${query.toString()}${window.location.hash}`, { scroll: false })
    }
  }, [widget, pathname, searchParams, router])

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (widgetValue === null || event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== '_self') ||
        anchor.hasAttribute('download')
      )
        return
      const url = new URL(anchor.href, window.location.href)
      if (url.origin !== window.location.origin || url.searchParams.has('widget')) return
      if (url.pathname.startsWith('/api/')) return
      const samePage = url.pathname === window.location.pathname && url.search === window.location.search
      if (samePage && url.hash) return
      event.preventDefault()
      event.stopPropagation()
      url.searchParams.set('widget', widgetValue)
      router.push(`${url.pathname}${url.search}${url.hash}`)
    }
    // Capture on window runs before React's own listener, so Next's Link never sees the bare href.
    window.addEventListener('click', onClick, true)
    return () => window.removeEventListener('click', onClick, true)
  }, [router])

  return null
}
