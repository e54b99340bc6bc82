import { NextRequest } from 'next/server'
import { parseRedirectTarget } from '@/lib/routes/redirect-target'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'
import { loginGuard, splitPrefix } from './login-guard'

describe('splitPrefix', () => {
  it.each([
    ['/demo/meinedaten', '/demo', '/meinedaten'],
    ['/demo/persoenlicherbereich', '/demo', '/persoenlicherbereich'],
    ['/demo/en/meinedaten', '/demo/en', '/meinedaten'],
    ['/demo/empfehler/bankdaten', '/demo', '/empfehler/bankdaten'],
    ['/demo/en/empfehler/bankdaten', '/demo/en', '/empfehler/bankdaten'],
    ['/demo-closed/logout', '/demo-closed', '/logout'],
    ['/meinedaten', '', '/meinedaten'],
    ['/en/passwortaendern', '/en', '/passwortaendern'],
    ['/empfehler/bankdaten', '', '/empfehler/bankdaten'],
  ])('splits %s into %s and %s', (pathname, prefix, routePath) => {
    expect(splitPrefix(pathname)).toEqual({ prefix, routePath })
  })

  it.each([
    '/',
    '/demo',
    '/demo/faq',
    '/demo/en/faq',
    '/demo/de/meinedaten',
    '/demo/xx/meinedaten',
    '/a/b/c/meinedaten',
  ])('finds no login-required route in %s', (pathname) => {
    expect(splitPrefix(pathname)).toBeNull()
  })
})

describe('loginGuard', () => {
  it('sends a visitor without session to login with the redirect target and keeps widget', () => {
    const response = loginGuard(
      new NextRequest('https://portal.example/demo/en/meinedaten?tab=2&widget=1&redirect=x'),
    )
    expect(response?.status).toBe(307)
    const location = new URL(response!.headers.get('location')!)
    expect(location.origin).toBe('https://portal.example')
    expect(location.pathname).toBe('/demo/en/login')
    expect(location.searchParams.get('widget')).toBe('1')
    expect(parseRedirectTarget(location.searchParams.get('redirect'))).toEqual({
      path: '/meinedaten',
      params: { tab: '2' },
    })
  })

  it('lets requests with a session cookie and public routes pass', () => {
    const withCookie = new NextRequest('https://portal.example/demo/meinedaten', {
      headers: { cookie: `${SESSION_COOKIE}=sealed` },
    })
    expect(loginGuard(withCookie)).toBeNull()
    expect(loginGuard(new NextRequest('https://portal.example/demo/faq'))).toBeNull()
  })
})
