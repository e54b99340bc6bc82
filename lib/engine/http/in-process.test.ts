import { inProcessMainApi } from './in-process'

/** A route module whose GET answers which route it is and the parameters it was given. */
function route(name: string, methods: string[] = ['GET']) {
  return Object.fromEntries(
    methods.map((method) => [
      method,
      async (_request: Request, { params }: { params: Promise<Record<string, unknown>> }) =>
        Response.json({ route: name, params: await params }),
    ]),
  )
}

const api = inProcessMainApi([
  { key: '[tenant]/[[...rest]]', comment: '', module: route('catch-all') },
  { key: '[tenant]/produkt/[id]', comment: '', module: route('product') },
  { key: '[tenant]/produkt/maxpraemiewert', comment: '', module: route('max-reward') },
  { key: '[tenant]/produkt', comment: '', module: route('products') },
  { key: '[tenant]/account/resetPassword/[email]', comment: '', module: route('reset') },
  { key: 'mandant/[tenant]', comment: '', module: route('tenant', ['GET', 'PUT']) },
])

async function call(path: string, method = 'GET') {
  const response = await api(new Request(`http://127.0.0.1:3000/api/v1${path}`, { method }))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the main API in process', () => {
  it('chooses a fixed segment before a parameter before a catch-all, as Next does', async () => {
    expect((await call('/demo/produkt/maxpraemiewert')).body.route).toBe('max-reward')
    expect((await call('/demo/produkt/461')).body).toEqual({
      route: 'product',
      params: { tenant: 'demo', id: '461' },
    })
    expect((await call('/demo/produkt')).body.route).toBe('products')
    // The SPEC's capitalised spelling reaches the lower-case route, as next.config.mjs rewrites it.
    expect((await call('/demo/Produkt/461')).body.route).toBe('product')
    expect((await call('/demo/Produkt')).body.route).toBe('products')
    expect((await call('/demo/PRODUKT/461')).body.route).toBe('product')
    // Only those words: another route's folder is matched in its own spelling, as by Next.
    expect((await call('/demo/ACCOUNT/resetPassword/a')).body.route).toBe('catch-all')
    expect((await call('/demo/produkt?quelle=festnetz')).body.route).toBe('products')
    expect((await call('/demo/unbekannt/a/b')).body).toEqual({
      route: 'catch-all',
      params: { tenant: 'demo', rest: ['unbekannt', 'a', 'b'] },
    })
  })

  it('passes path segments decoded, as Next passes them', async () => {
    expect((await call('/demo/account/resetPassword/anna%40example.org')).body.params).toEqual({
      tenant: 'demo',
      email: 'anna@example.org',
    })
  })

  it('answers a method the path does not offer, an unknown path and broken encoding with the envelope', async () => {
    expect((await call('/mandant/demo', 'PUT')).body.route).toBe('tenant')
    const refused = await call('/mandant/demo', 'DELETE')
    expect(refused.status).toBe(405)
    expect(refused.body.Code).toBe('MethodeNichtErlaubt')
    expect((await call('/nirgends')).body.route).toBe('catch-all')
    const outside = await api(new Request('http://127.0.0.1:3000/api/session/demo'))
    expect(((await outside.json()) as { Code: string }).Code).toBe('NichtGefunden')
    expect((await call('/demo/produkt/%E0%A4%A')).body.Code).toBe('UngueltigeEingabe')
  })
})
