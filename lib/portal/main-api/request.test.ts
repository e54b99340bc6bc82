import { z } from 'zod'
import { callMainApi, MainApiError } from './client'
import { apiContext, withClientIp } from './context'
import { createReferrer } from './account'
import { listRecommendations } from './recommendations'
import { orNull, read, requestBody, send } from './request'

/** React's cache() as a server render has it (one value per request), or as outside one (none). */
let request: Map<unknown, unknown> | null = null
jest.mock('react', () => ({
  cache: (fn: () => unknown) => (): unknown => {
    if (!request) return fn()
    if (!request.has(fn)) request.set(fn, fn())
    return request.get(fn)
  },
}))
jest.mock('./client', () => ({ ...jest.requireActual('./client'), callMainApi: jest.fn() }))
jest.mock('@/lib/portal/client-ip', () => ({ clientIpOfRequest: async () => '203.0.113.9' }))

const call = jest.mocked(callMainApi)
const schema = z.object({ ok: z.boolean() })
const demo = { tenant: 'demo', locale: 'de' as const }

beforeEach(() => {
  request = new Map()
  call.mockReset()
  call.mockImplementation(async () => ({ ok: true }))
})

describe('read', () => {
  it('asks once per render for the same path, language, token and IP', async () => {
    const first = read({ ...demo, token: 'a' }, { path: '/account/user', token: 'a', schema })
    const second = read({ ...demo, token: 'a' }, { path: '/account/user', token: 'a', schema })
    expect(second).toBe(first)
    await expect(second).resolves.toEqual({ ok: true })
    expect(call).toHaveBeenCalledTimes(1)
    expect(call).toHaveBeenCalledWith({ path: '/demo/account/user', token: 'a', locale: 'de', schema })
  })

  it('asks again for another token, language or IP', async () => {
    await read(demo, { path: '/x', token: 'a', schema })
    await read(demo, { path: '/x', token: 'b', schema })
    await read({ ...demo, locale: 'en' }, { path: '/x', token: 'a', schema })
    await read(demo, { path: '/x', token: 'a', clientIp: '198.51.100.1', schema })
    expect(call).toHaveBeenCalledTimes(4)
  })

  it('shares what a call does not send: a token in the context alone changes nothing', async () => {
    await read({ ...demo, token: 'a' }, { path: '/praemie', schema })
    await read({ ...demo, token: 'b', clientIp: '198.51.100.1' }, { path: '/praemie', schema })
    expect(call).toHaveBeenCalledTimes(1)
    expect(call.mock.calls[0]?.[0]).toEqual({ path: '/demo/praemie', locale: 'de', schema })
  })

  it('shares a refusal too, and asks again in the next render', async () => {
    call.mockRejectedValueOnce(new MainApiError('PSOF0204', 401))
    const failing = read(demo, { path: '/x', schema })
    await expect(failing).rejects.toThrow('PSOF0204')
    await expect(read(demo, { path: '/x', schema })).rejects.toThrow('PSOF0204')
    request = new Map()
    await expect(read(demo, { path: '/x', schema })).resolves.toEqual({ ok: true })
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('shares nothing outside a render (server actions, route handlers)', async () => {
    request = null
    await read(demo, { path: '/x', schema })
    await read(demo, { path: '/x', schema })
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('leaves the language out where the call says so, and takes a root path as it is', async () => {
    await read({ tenant: 'a b' }, { path: '/mandant/a%20b', root: true, language: false, schema })
    await read({ ...demo, tenant: 'a b' }, { path: '/produkt', language: false, schema })
    expect(call.mock.calls.map(([options]) => [options.path, options.locale])).toEqual([
      ['/mandant/a%20b', undefined],
      ['/a%20b/produkt', undefined],
    ])
  })
})

describe('send', () => {
  it('is made every time, with the method, body, token and IP it passes', async () => {
    const ctx = { ...demo, token: 't', clientIp: '198.51.100.1' }
    const body = { Token: 'x' }
    await send(ctx, { path: '/x', method: 'PUT', body, token: ctx.token, schema })
    await send(ctx, { path: '/x', method: 'PUT', body, token: ctx.token, schema })
    expect(call).toHaveBeenCalledTimes(2)
    expect(call).toHaveBeenLastCalledWith({
      path: '/demo/x',
      method: 'PUT',
      body,
      token: 't',
      locale: 'de',
      schema,
    })
  })
})

describe('orNull', () => {
  it('answers null for the statuses that mean "no such thing" and passes on everything else', async () => {
    await expect(orNull(Promise.reject(new MainApiError('NichtGefunden', 404)))).resolves.toBeNull()
    await expect(orNull(Promise.reject(new MainApiError('UngueltigeEingabe', 400)))).rejects.toThrow()
    await expect(
      orNull(Promise.reject(new MainApiError('UngueltigeEingabe', 400)), [404, 400]),
    ).resolves.toBeNull()
    await expect(orNull(Promise.reject(new Error('boom')))).rejects.toThrow('boom')
  })
})

describe('a typed call', () => {
  it('the personal area and its goodwill section share one GET /empfehler/empfehlungen', async () => {
    call.mockImplementation(async () => [])
    const session = { token: 'session-token' }
    const portalCtx = { ...demo, hostMapped: false }
    // Two contexts built apart from each other, as the screen and the section could.
    await Promise.all([
      listRecommendations(apiContext(portalCtx, session)),
      listRecommendations(apiContext(portalCtx, session)),
    ])
    expect(call).toHaveBeenCalledTimes(1)
    expect(call.mock.calls[0]?.[0]).toMatchObject({
      path: '/demo/empfehler/empfehlungen',
      token: 'session-token',
    })
  })
})

describe('apiContext', () => {
  it('takes tenant and language of the portal context, a bearer token, and on request the IP', async () => {
    const portalCtx = { ...demo, hostMapped: true }
    expect(apiContext(portalCtx)).toEqual(demo)
    expect(apiContext(portalCtx, null)).toEqual(demo)
    expect(await withClientIp(apiContext(portalCtx, { token: 't' }))).toEqual({
      ...demo,
      token: 't',
      clientIp: '203.0.113.9',
    })
  })
})

describe('a call counted per client address', () => {
  it('passes the browser’s address on: a registration', async () => {
    const api = await withClientIp(apiContext(demo))
    await createReferrer(api, { Vorname: 'Kim', Nachname: 'Probe', Email: 'kim@example.org' })
    expect(call.mock.calls[0]?.[0]).toMatchObject({
      path: '/demo/account/createEmpfehler',
      method: 'POST',
      clientIp: '203.0.113.9',
    })
  })
})

describe('requestBody', () => {
  const contract = z.object({ Email: z.email(), Plz: z.string().regex(/^\d{5}$/) }).strict()

  it('answers the body the contract takes', () => {
    expect(requestBody(contract, { Email: 'kim@example.org', Plz: '10115' })).toEqual({
      Email: 'kim@example.org',
      Plz: '10115',
    })
  })

  it('refuses what the main API would refuse, as it would answer, and sends nothing', async () => {
    const refusal = (value: unknown) => {
      try {
        requestBody(contract, value)
      } catch (error) {
        return error
      }
      throw new Error('taken')
    }
    const wrong = refusal({ Email: 'kim@example.org', Plz: 'abc' }) as MainApiError
    expect(wrong).toBeInstanceOf(MainApiError)
    expect([wrong.code, wrong.status, wrong.fields]).toEqual([
      'UngueltigeEingabe',
      400,
      [{ Field: 'Plz', Code: 'invalid_format' }],
    ])
    const address = refusal({ Email: 'kein-at', Plz: '10115' }) as MainApiError
    expect([address.code, address.fields]).toEqual([
      'EmailUngueltig',
      [{ Field: 'Email', Code: 'invalid_format' }],
    ])
    expect(call).not.toHaveBeenCalled()
  })
})
