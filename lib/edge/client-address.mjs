// @ts-check
import net from 'node:net'

/**
 * The client's address, from the socket and exactly TRUSTED_PROXY_HOPS reverse proxies (default 0: no
 * proxy, the socket's peer is the client). Each trusted proxy appends the address it saw to
 * X-Forwarded-For, so in the chain [...X-Forwarded-For entries, socket address] the client is the entry
 * TRUSTED_PROXY_HOPS from the end; everything before it was written by the client and proves nothing.
 * The app reads exactly this one address in X-Forwarded-For (lib/shared/client-ip.ts): whatever the client sent
 * there is replaced, so no header can move a per-IP limit.
 *
 * Without a trusted proxy the other forwarding headers a client sends are dropped too: X-Forwarded-Proto
 * and -Port (Next then takes them from the connection), Forwarded and X-Real-IP. X-Forwarded-Host stays
 * only on the server's own requests (Next fetches a server action's redirect target from itself and names
 * the browser's host there, which the host mapping of next.config.mjs reads; recognised as a connection
 * from the very address it was accepted on, so only a process on this machine); on others it is dropped,
 * so the Host header alone names the site, as it does for the same-origin checks. (A client could name
 * any host in Host just as well: X-Forwarded-Host is dropped for consistency, not because it gave more.)
 */

/** The largest TRUSTED_PROXY_HOPS (as lib/shared/env.ts). */
export const MAX_PROXY_HOPS = 10

/**
 * TRUSTED_PROXY_HOPS as a number: unset or empty is 0; anything but a whole number 0…10 is refused.
 * @param {string | undefined} value
 * @returns {number}
 */
export function parseTrustedProxyHops(value) {
  const text = (value ?? '').trim()
  if (text === '') return 0
  const hops = /^\d{1,2}$/.test(text) ? Number(text) : NaN
  if (!(hops >= 0 && hops <= MAX_PROXY_HOPS)) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_PROXY_HOPS}, got "${value}"`)
  }
  return hops
}

/** @type {number | undefined} */
let configuredHops

/** TRUSTED_PROXY_HOPS of this process (read once; server.mjs calls it at start so a bad value stops it). */
export function trustedProxyHops() {
  configuredHops ??= parseTrustedProxyHops(process.env.TRUSTED_PROXY_HOPS)
  return configuredHops
}

/**
 * An address as a plain IP: IPv4-mapped IPv6 (::ffff:192.0.2.1) as IPv4, brackets and a port a proxy
 * may have added ("[2001:db8::1]:443", "192.0.2.1:8080") left out. Null when it is no IP address.
 * @param {string | undefined | null} value
 * @returns {string | null}
 */
export function plainAddress(value) {
  let address = (value ?? '').trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address)
  if (bracketed) address = bracketed[1] ?? ''
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(':'))
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) address = mapped[1] ?? ''
  return net.isIP(address) ? address.toLowerCase() : null
}

/**
 * The client's address from the socket's peer and X-Forwarded-For behind `hops` trusted proxies. An
 * entry the proxies wrote that is no address (a misconfigured proxy) falls back to the socket's peer:
 * all such clients then share one address, which never loosens a limit.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {number} hops
 * @returns {string}
 */
export function clientAddress(socketAddress, forwardedFor, hops) {
  const peer = plainAddress(socketAddress) ?? 'unknown'
  if (hops === 0) return peer
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const chain = [...entries, peer]
  // A shorter chain than configured: the farthest entry known (the client reached an inner proxy).
  const entry = chain[Math.max(0, chain.length - 1 - hops)]
  return plainAddress(entry) ?? peer
}

/** A connection from this machine's own address it was accepted on (Next's requests to itself). */
function fromOwnAddress(/** @type {import('node:net').Socket} */ socket) {
  return Boolean(socket.remoteAddress) && socket.remoteAddress === socket.localAddress
}

/**
 * Edge step: sets X-Forwarded-For to exactly the client's address and drops the forwarding headers no
 * trusted proxy wrote. Never answers itself.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<boolean>}
 */
export async function step(req) {
  const hops = trustedProxyHops()
  req.headers['x-forwarded-for'] = clientAddress(
    req.socket.remoteAddress,
    req.headers['x-forwarded-for'],
    hops,
  )
  if (hops === 0) {
    delete req.headers['x-forwarded-proto']
    delete req.headers['x-forwarded-port']
    delete req.headers.forwarded
    delete req.headers['x-real-ip']
    if (!fromOwnAddress(req.socket)) delete req.headers['x-forwarded-host']
  }
  return false
}
