import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestHost, sameSite, step } from './action-origin.mjs'

describe('the origin of server actions', () => {
  it('is compared with X-Forwarded-Host, else Host, as Next does', () => {
    expect(requestHost({ host: 'localhost:3000' })).toBe('localhost:3000')
    expect(requestHost({ host: 'localhost:3000', 'x-forwarded-host': 'demo.localhost:3000, proxy' })).toBe(
      'demo.localhost:3000',
    )
    expect(sameSite('http://localhost:3000', 'localhost:3000')).toBe(true)
    expect(sameSite(undefined, 'localhost:3000')).toBe(true)
    expect(sameSite('https://evil.example', 'localhost:3000')).toBe(false)
    expect(sameSite('null', 'localhost:3000')).toBe(false)
    expect(sameSite('not a url', 'localhost:3000')).toBe(false)
  })

  it('refuses an action of another site with 403 and lets others pass', async () => {
    const answered: number[] = []
    const res = {
      headersSent: false,
      getHeaderNames: () => [],
      writeHead: (status: number) => answered.push(status),
      end: () => undefined,
    } as unknown as ServerResponse
    const request = (headers: Record<string, string>, method = 'POST') =>
      ({
        method,
        url: '/demo/login',
        headers: { host: 'localhost:3000', ...headers },
        complete: true,
      }) as IncomingMessage
    expect(await step(request({ 'next-action': 'a1', origin: 'https://evil.example' }), res)).toBe(true)
    expect(answered).toEqual([403])
    expect(await step(request({ 'next-action': 'a1', origin: 'http://localhost:3000' }), res)).toBe(false)
    expect(await step(request({ origin: 'https://evil.example' }, 'GET'), res)).toBe(false)
    expect(answered).toEqual([403])
  })
})
