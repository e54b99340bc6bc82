import { NextResponse, type NextRequest } from 'next/server'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { matchRoute } from '@/lib/routes/table'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'

/**
 * Early redirect only: a login-required route requested without any session cookie goes to login with
 * the redirect parameter. The screens check the session themselves; this step saves a render.
 */
export function loginGuard(request: NextRequest): NextResponse | null {
  if (request.cookies.has(SESSION_COOKIE)) return null
  const { pathname, searchParams } = request.nextUrl
  // splitPrefix finds a login-required route or nothing.
  const split = splitPrefix(pathname)
  if (!split) return null
  const url = request.nextUrl.clone()
  url.pathname = `${split.prefix}/login`
  url.search = ''
  url.searchParams.set('redirect', loginRedirectParam(split.routePath, searchParams.entries()))
  const widget = searchParams.get('widget')
  if (widget !== null) url.searchParams.set('widget', widget)
  return NextResponse.redirect(url)
}

/** "/demo/en/meinedaten" → prefix "/demo/en", route "/meinedaten"; host-mapped paths have no tenant. */
export function splitPrefix(pathname: string): { prefix: string; routePath: string } | null {
  const segments = pathname.split('/').filter(Boolean)
  for (let cut = 0; cut <= Math.min(2, segments.length - 1); cut++) {
    const head = segments.slice(0, cut)
    if (cut === 2 && head[1] !== 'en') continue
    const routePath = `/${segments.slice(cut).join('/')}`
    const match = matchRoute(routePath)
    if (match?.route.requiresLogin) return { prefix: head.length ? `/${head.join('/')}` : '', routePath }
  }
  return null
}
