import { NextResponse, type NextRequest } from 'next/server'
import { applyFrameHeaders } from '@/lib/portal/proxy/frame-headers'
import { loginGuard } from '@/lib/portal/proxy/login-guard'

/**
 * Runs only on login-required routes and on requests in widget mode (a narrow matcher keeps cached
 * public pages free of it). It only redirects early and sets the widget mode's framing headers; every
 * screen and action checks the session itself.
 */
export async function proxy(request: NextRequest) {
  const response = loginGuard(request) ?? NextResponse.next()
  if (request.nextUrl.searchParams.has('widget')) return applyFrameHeaders(request, response)
  return response
}

export const config = {
  matcher: [
    // The login-required routes of lib/routes/table.ts (lib/portal/proxy/matcher.test.ts keeps them in step).
    '/:tenant/(persoenlicherbereich|meinedaten|passwortaendern|logout|kulanzdanke|kundennummer)',
    '/:tenant/en/(persoenlicherbereich|meinedaten|passwortaendern|logout|kulanzdanke|kundennummer)',
    '/:tenant/empfehler/bankdaten',
    '/:tenant/en/empfehler/bankdaten',
    '/(persoenlicherbereich|meinedaten|passwortaendern|logout|kulanzdanke|kundennummer)',
    '/empfehler/bankdaten',
    // Only requests that carry the widget parameter (next.config.mjs leaves their framing headers out).
    // Written out: Next reads this config statically.
    { source: '/:path*', has: [{ type: 'query', key: 'widget' }] },
  ],
}
