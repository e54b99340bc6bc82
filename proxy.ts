import { NextResponse, type NextRequest } from 'next/server'
import { loginGuard } from '@/lib/proxy/login-guard'

/**
 * Runs only on login-required routes (a narrow matcher keeps cached public pages free of it).
 * It only redirects early; every screen and action checks the session itself.
 */
export function proxy(request: NextRequest) {
  return loginGuard(request) ?? NextResponse.next()
}

export const config = {
  matcher: [
    '/:tenant/(persoenlicherbereich|meinedaten|passwortaendern|logout)',
    '/:tenant/en/(persoenlicherbereich|meinedaten|passwortaendern|logout)',
    '/:tenant/empfehler/bankdaten',
    '/:tenant/en/empfehler/bankdaten',
    '/(persoenlicherbereich|meinedaten|passwortaendern|logout)',
    '/empfehler/bankdaten',
  ],
}
