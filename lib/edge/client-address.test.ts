import type { IncomingMessage } from 'node:http'
import { clientAddress, parseTrustedProxyHops, plainAddress, step } from './client-address.mjs'

describe('TRUSTED_PROXY_HOPS', () => {
  it('is 0 (no proxy) unless set', () => {
    expect(parseTrustedProxyHops(undefined)).toBe(0)
    expect(parseTrustedProxyHops('')).toBe(0)
    expect(parseTrustedProxyHops('2')).toBe(2)
  })

  it('refuses anything but a whole number from 0 to 10', () => {
    for (const value of ['-1', '11', '1.5', 'one', '0x1']) {
      expect(() => parseTrustedProxyHops(value)).toThrow(/TRUSTED_PROXY_HOPS must be a whole number/)
    }
  })
})

describe('the client address', () => {
  it('is the socket peer without a proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', undefined, 0)).toBe('203.0.113.5')
    expect(clientAddress('203.0.113.5', '198.51.100.1', 0)).toBe('203.0.113.5')
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1, 10.0.0.1', 0)).toBe('127.0.0.1')
  })

  it('is the entry the nearest trusted proxy appended, never one before it', () => {
    // A client behind one proxy sends its own X-Forwarded-For; the proxy appends the address it saw.
    expect(clientAddress('10.0.0.2', '198.51.100.1, 203.0.113.5', 1)).toBe('203.0.113.5')
    expect(clientAddress('10.0.0.2', '203.0.113.5', 1)).toBe('203.0.113.5')
    expect(clientAddress('10.0.0.3', ['198.51.100.1, 203.0.113.5', '10.0.0.2'], 2)).toBe('203.0.113.5')
  })

  it('takes the farthest known entry of a chain shorter than configured', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.5', 3)).toBe('203.0.113.5')
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2')
  })

  it('falls back to the socket peer when the proxy wrote no address', () => {
    expect(clientAddress('10.0.0.2', 'unknown', 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '203.0.113.5, ', 1)).toBe('203.0.113.5')
  })

  it('reads addresses with a port or brackets as plain IPs', () => {
    expect(plainAddress('[2001:DB8::1]:443')).toBe('2001:db8::1')
    expect(plainAddress('192.0.2.1:8080')).toBe('192.0.2.1')
    expect(plainAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(plainAddress('example.org')).toBeNull()
    expect(plainAddress(undefined)).toBeNull()
  })
})

function request(headers: Record<string, string>, remote = '198.51.100.9', local = '192.0.2.1') {
  return { headers, socket: { remoteAddress: remote, localAddress: local } } as unknown as IncomingMessage
}

describe('the edge step without a trusted proxy', () => {
  const saved = process.env.TRUSTED_PROXY_HOPS
  beforeAll(() => {
    delete process.env.TRUSTED_PROXY_HOPS
  })
  afterAll(() => {
    if (saved !== undefined) process.env.TRUSTED_PROXY_HOPS = saved
  })

  it('passes on exactly the socket address and drops the forwarding headers the client sent', async () => {
    const req = request({
      host: 'portal.example',
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-host': 'other.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'for=1.2.3.4',
      'x-real-ip': '1.2.3.4',
    })
    expect(await step(req)).toBe(false)
    expect(req.headers).toEqual({ host: 'portal.example', 'x-forwarded-for': '198.51.100.9' })
  })

  it("keeps X-Forwarded-Host on the server's own requests (a server action's redirect target)", async () => {
    const req = request({ host: 'localhost:3000', 'x-forwarded-host': 'demo.localhost:3000' }, '::1', '::1')
    await step(req)
    expect(req.headers).toEqual({
      host: 'localhost:3000',
      'x-forwarded-host': 'demo.localhost:3000',
      'x-forwarded-for': '::1',
    })
  })
})
