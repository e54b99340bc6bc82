import { NextRequest, NextResponse } from 'next/server'
import { getTenantConfigCached } from '@/lib/portal/main-api/cached'
import { applyFrameHeaders, registeredFrameOrigins, tenantOfRequest } from './frame-headers'

jest.mock('@/lib/portal/main-api/cached', () => ({ getTenantConfigCached: jest.fn() }))
jest.mock('@/lib/shared/env', () => ({
  env: () => ({ TENANT_HOSTS: { 'empfehlen.lumenta.example': 'demo' } }),
}))

const lookup = jest.mocked(getTenantConfigCached)
const HOST = 'https://www.lumenta.example'

function configWith(FrameAncestors: string[]) {
  return { Slug: 'demo', Settings: { FrameAncestors } } as unknown as Awaited<
    ReturnType<typeof getTenantConfigCached>
  >
}

beforeEach(() => lookup.mockReset())

describe('tenantOfRequest', () => {
  const hosts = { 'empfehlen.lumenta.example': 'demo' }
  it.each([
    ['/demo', [null], 'demo'],
    ['/demo/en/login', ['localhost:3000'], 'demo'],
    ['/en/login', ['empfehlen.lumenta.example'], 'demo'],
    ['/', ['EMPFEHLEN.lumenta.example:443'], 'demo'],
    ['/login', ['localhost', 'empfehlen.lumenta.example, proxy.example'], 'demo'],
    ['/api/v1/mandant/demo', ['localhost'], null],
    ['/embed.js', ['localhost'], null],
    ['/', ['localhost'], null],
  ])('%s on %j is %s', (pathname, hostHeaders, tenant) => {
    expect(tenantOfRequest(pathname, hostHeaders, hosts)).toBe(tenant)
  })
})

describe('registeredFrameOrigins', () => {
  it("answers the tenant's normalised origins", async () => {
    lookup.mockResolvedValueOnce(configWith([`${HOST}/freunde-werben`, 'javascript:alert(1)']))
    await expect(registeredFrameOrigins('demo')).resolves.toEqual([HOST])
  })

  it('answers none for an unknown tenant, and remembers that for a while', async () => {
    lookup.mockResolvedValue(null)
    await expect(registeredFrameOrigins('gibt-es-nicht')).resolves.toEqual([])
    await expect(registeredFrameOrigins('gibt-es-nicht')).resolves.toEqual([])
    expect(lookup).toHaveBeenCalledTimes(1)
  })

  it('answers none when the main API fails (fails closed)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    lookup.mockRejectedValueOnce(new Error('ECONNREFUSED'))
    await expect(registeredFrameOrigins('ausfall')).resolves.toEqual([])
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('tenant configuration not available'))
    logged.mockRestore()
  })

  it('answers none without a tenant', async () => {
    await expect(registeredFrameOrigins(null)).resolves.toEqual([])
    expect(lookup).not.toHaveBeenCalled()
  })
})

describe('applyFrameHeaders', () => {
  async function headersFor(url: string, ancestors: string[] | null) {
    lookup.mockResolvedValueOnce(ancestors ? configWith(ancestors) : null)
    const response = await applyFrameHeaders(new NextRequest(url), NextResponse.next())
    return {
      csp: response.headers.get('content-security-policy') ?? '',
      xfo: response.headers.get('x-frame-options'),
    }
  }

  it("lets the tenant's registered origins frame it, without X-Frame-Options", async () => {
    const { csp, xfo } = await headersFor('http://localhost/demo?widget=1', [HOST])
    expect(csp).toContain(`frame-ancestors 'self' ${HOST};`)
    expect(xfo).toBeNull()
  })

  it("keeps 'self' and SAMEORIGIN for a tenant without origins and for an unknown tenant", async () => {
    for (const [url, ancestors] of [
      ['http://localhost/demo-closed?widget=1', []],
      ['http://localhost/unbekannt?widget=1', null],
    ] as const) {
      const { csp, xfo } = await headersFor(url, ancestors ? [...ancestors] : null)
      expect(csp).toContain("frame-ancestors 'self';")
      expect(xfo).toBe('SAMEORIGIN')
    }
  })
})
