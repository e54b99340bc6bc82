'use client'

import { useEffect, useState } from 'react'
import { usePathname, useSearchParams } from 'next/navigation'
import { portalPathOf } from '@/lib/portal/embed/messages'

/**
 * ModuleIntegratedFrame (SPEC §2.4): in iframe mode outside the integrated frame, the browser is sent
 * to the tenant's embed page (EmpfehlenWebPage, else MandantUrl + EmpfehlenPath) with the route as hash,
 * where the embed script opens the same route. The integrated frame is widget mode in a frame of
 * another origin: the CSP admits that only for the registered host origins (lib/portal/proxy/frame-headers.ts).
 * Any other frame (without the widget parameter, or a page of the portal's own origin) is sent on.
 * Checked in the browser, so cached pages stay the same for every visitor.
 */
type Props = {
  /** The tenant's embed page, without hash. */
  embedPage: string
  /** The tenant prefix of portal paths: "/demo", or "" on the tenant's own host. */
  prefix: string
  /** The tenant's registered host origins (normalised FrameAncestors). */
  frameOrigins: readonly string[]
  notice: string
  linkLabel: string
}

function parentIsSameOrigin(): boolean {
  try {
    // Reading a cross-origin parent's address throws.
    return window.parent.location.href !== undefined
  } catch {
    return false
  }
}

/** Whether this page runs in a frame that is not the integrated one. */
export function outsideIntegratedFrame(widget: boolean, frameOrigins: readonly string[]): boolean {
  if (window.top === window.self) return false
  if (!widget || parentIsSameOrigin()) return true
  const named = window.location.ancestorOrigins?.[0]
  return named !== undefined && !frameOrigins.includes(named)
}

export function IntegratedFrameGuard({ embedPage, prefix, frameOrigins, notice, linkLabel }: Props) {
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const widget = searchParams.has('widget')
  const [target, setTarget] = useState<string | null>(null)

  useEffect(() => {
    if (!outsideIntegratedFrame(widget, frameOrigins)) return
    const route = portalPathOf(pathname, searchParams.toString(), prefix)
    const url = `${embedPage.split('#')[0]}#${route}`
    try {
      window.top!.location.href = url
    } catch {
      // A cross-origin top may refuse to be navigated without a click: the link below stays.
    }
    // Shown while the browser leaves, and kept where it could not.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the frame is known only in the browser
    setTarget(url)
  }, [widget, frameOrigins, pathname, searchParams, prefix, embedPage])

  if (!target) return null
  return (
    <div className="gate" role="status">
      <div className="container">
        {notice}{' '}
        <a href={target} target="_top">
          {linkLabel}
        </a>
      </div>
    </div>
  )
}
