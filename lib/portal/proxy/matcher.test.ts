import { config } from '@/proxy'
import { ROUTES } from '@/lib/routes/table'

// The path matcher Next compiles the matcher with (it ships without types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pathToRegexp } = require('next/dist/compiled/path-to-regexp') as {
  pathToRegexp: (path: string) => RegExp
}

// The proxy's matcher is written out (Next reads it statically), so it is tied to the route table here:
// every login-required route reaches the proxy under each of its addresses, and the matcher takes
// nothing else (the cached public pages stay free of it).

type Source = string | { source: string; has?: unknown[] }

const paths = (config.matcher as Source[]).filter((entry): entry is string => typeof entry === 'string')
const matchers = paths.map((source) => pathToRegexp(source))
const reaches = (address: string) => matchers.some((matcher) => matcher.test(address))

/** A route's path with a sample value for each parameter. */
function samplePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, '123')
}

/** The addresses of a route: under the tenant, in English, and on a tenant's own host (both languages). */
function addresses(path: string): string[] {
  const route = samplePath(path)
  return [`/demo${route}`, `/demo/en${route}`, route, `/en${route}`]
}

describe('the proxy matcher', () => {
  const loginRequired = ROUTES.filter((route) => route.requiresLogin)

  it.each(loginRequired.map((route) => [route.name, route.path] as const))(
    'reaches the login-required route %s (%s) under every address',
    (_name, path) => {
      for (const address of addresses(path))
        expect({ address, reaches: reaches(address) }).toEqual({
          address,
          reaches: true,
        })
    },
  )

  it.each(ROUTES.filter((route) => !route.requiresLogin).map((route) => [route.name, route.path] as const))(
    'leaves the route %s (%s) alone',
    (_name, path) => {
      for (const address of addresses(path).filter((a) => a !== '/' && a !== '/en/'))
        expect({ address, reaches: reaches(address) }).toEqual({ address, reaches: false })
    },
  )
})
