'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import {
  knownParentOrigin,
  navigationTarget,
  parseHostMessage,
  portalPathOf,
  type PortalMessage,
} from '@/lib/portal/embed/messages'

/**
 * Widget mode (SPEC §1, §2.4): the portal in a host page's frame tells the embed script (public/embed.js)
 * its route, its height and where to scroll, and follows the host's navigate requests. Messages go only
 * to the parent window's origin, and only when that origin is one of the tenant's registered host
 * origins (FrameAncestors), never to "*"; messages are taken only from that parent, in the protocol's
 * shape (lib/portal/embed/messages.ts). Active only with the widget query parameter in a frame.
 */
type Props = {
  /** The tenant prefix of portal paths: "/demo", or "" on the tenant's own host. */
  prefix: string
  /** The tenant's registered host origins (normalised FrameAncestors). */
  frameOrigins: readonly string[]
}

function inFrame(): boolean {
  return typeof window !== 'undefined' && window.parent !== window
}

function ancestorOrigins(): string[] | null {
  return window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : null
}

function documentHeight(): number {
  const body = document.body
  return Math.ceil(Math.max(body.getBoundingClientRect().height, body.scrollHeight))
}

function elementOfHash(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)))
  } catch {
    return null
  }
}

export function WidgetBridge({ prefix, frameOrigins }: Props) {
  const searchParams = useSearchParams()
  const pathname = usePathname()
  const router = useRouter()
  const widget = searchParams.get('widget')
  const search = searchParams.toString()
  const active = widget !== null && inFrame()
  // Who the parent is: the browser tells it (ancestorOrigins, referrer), or later its hello message.
  const [parentOrigin, setParentOrigin] = useState<string | null>(() =>
    inFrame() ? knownParentOrigin(ancestorOrigins(), document.referrer, frameOrigins) : null,
  )
  // Each hello asks for route and height again (the frame may have loaded anew).
  const [hellos, setHellos] = useState(0)
  const lastRoute = useRef<string | null>(null)

  const post = useCallback(
    (message: PortalMessage) => {
      // The parent's origin, checked against the registered ones: an explicit target, never "*".
      if (parentOrigin && frameOrigins.includes(parentOrigin))
        window.parent.postMessage(message, parentOrigin)
    },
    [parentOrigin, frameOrigins],
  )

  useEffect(() => {
    if (!active) return
    const ancestors = ancestorOrigins()
    function onMessage(event: MessageEvent) {
      if (event.source !== window.parent || !frameOrigins.includes(event.origin)) return
      // Where the browser named the parent, a message of another origin is not the parent's.
      if (ancestors?.[0] !== undefined && ancestors[0] !== event.origin) return
      const message = parseHostMessage(event.data)
      if (!message) return
      if (message.type === 'psoempf:hello') {
        lastRoute.current = null
        setParentOrigin(event.origin)
        setHellos((n) => n + 1)
        return
      }
      const target = navigationTarget(message.path, prefix, widget ?? '1', window.location.origin)
      const here = `${window.location.pathname}${window.location.search}`
      if (target && target !== here) router.push(target)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [active, frameOrigins, prefix, widget, router])

  // The body's min-height of 100vh would follow the frame's height and never let it shrink.
  useEffect(() => {
    if (!active) return
    const previous = document.body.style.minHeight
    document.body.style.minHeight = '0'
    return () => {
      document.body.style.minHeight = previous
    }
  }, [active])

  useEffect(() => {
    if (!active || !parentOrigin) return
    let last = -1
    const report = () => {
      const height = documentHeight()
      if (height !== last) {
        last = height
        post({ type: 'psoempf:height', height })
      }
    }
    report()
    const observer = new ResizeObserver(report)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [active, parentOrigin, post, hellos])

  // Route and scroll on every navigation and hash jump (SPEC §2.4: to the hash, or to the top).
  useEffect(() => {
    if (!active || !parentOrigin) return
    const report = () => {
      const path = portalPathOf(window.location.pathname, window.location.search, prefix)
      const hash = window.location.hash.length > 1 ? window.location.hash.slice(0, 200) : ''
      const route = `${path}${hash}`
      const first = lastRoute.current === null
      if (route === lastRoute.current) return
      lastRoute.current = route
      post({ type: 'psoempf:route', path, hash })
      const target = hash ? elementOfHash(hash) : null
      if (target) {
        post({
          type: 'psoempf:scroll',
          top: Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY)),
        })
      } else if (!first) {
        post({ type: 'psoempf:scroll', top: 0 })
      }
    }
    report()
    window.addEventListener('hashchange', report)
    return () => window.removeEventListener('hashchange', report)
  }, [active, parentOrigin, post, prefix, pathname, search, hellos])

  return null
}
