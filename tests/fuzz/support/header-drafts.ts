import fc from 'fast-check'
import { FUZZ_PORT } from './fuzz-port'

// The headers around a drawn request (drafts.ts): mostly as a browser's client sends them, sometimes odd.

const ODD_HEADERS: [string, string][] = [
  ['Origin', 'https://evil.example'],
  ['Origin', 'null'],
  ['Origin', 'http://127.0.0.1:1'],
  ['Origin', '%ff'],
  ['Referer', 'https://evil.example/'],
  ['X-Forwarded-For', '1.2.3.4'],
  ['X-Forwarded-For', '1.2.3.4, <script>, ::1, 999.1.1.1'],
  ['X-Forwarded-For', 'garbage'],
  ['X-Forwarded-Host', 'evil.example'],
  ['X-Forwarded-Proto', 'gopher'],
  ['X-Client-IP', '10.0.0.1'],
  ['X-Client-IP-Signature', 'AAAA'],
  ['X-Real-IP', '10.0.0.2'],
  ['RSC', '1'],
  ['Next-Router-State-Tree', '%5B%22'],
  ['Next-Router-State-Tree', '["",{"children":["__PAGE__",{}]},null,null,true]'],
  ['Next-Router-Prefetch', '1'],
  ['Next-Url', '/../../etc'],
  ['Next-Action', 'abcdef'],
  ['Next-Action', '00'.repeat(21)],
  ['x-middleware-subrequest', 'middleware:middleware:middleware:middleware:middleware'],
  ['x-middleware-prefetch', '1'],
  ['x-invoke-path', '/api/dev/mailbox'],
  ['x-now-route-matches', '1'],
  ['Content-Encoding', 'gzip'],
  ['Content-Encoding', 'br, identity, x'],
  ['Accept', 'text/x-component'],
  ['Accept', '*/*;q=\u00ff'],
  ['Accept-Encoding', 'gzip;q=1e400, *'],
  ['Cookie', 'psoe_token=garbage'],
  ['Cookie', 'psoe_token=Fe26.2**x*y*z**a*b; psoe_token=second'],
  ['Cookie', '__proto__=1; constructor=2'],
  ['X-HTTP-Method-Override', 'DELETE'],
  ['Range', 'bytes=0-1,5-'],
  ['If-None-Match', '*'],
  ['If-Modified-Since', 'gestern'],
  ['X-Accept-Language', 'x'.repeat(3000)],
  ['X-Accept-Language', 'en;q=\u00e9, *'],
  ['X-Accept-Language', '__proto__'],
  ['Authorization', 'Bearer second.token.here'],
  ['Content-Type', 'text/html'],
  ['X-Requested-With', '\u00e9'],
  ['Forwarded', 'for=1.2.3.4;host=evil.example;proto=https'],
  ['Max-Forwards', '0'],
  ['Expect', 'nothing'],
  ['Via', '1.1 evil'],
  ['X-Lang', '\u00ff\u00fe'],
]

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  '',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/html',
  '*/*',
  '\u00ff',
]

const SCHEMES = ['bearer ', 'Bearer  ', 'Basic ', '', 'Bearer\t', 'BEARER ', 'Token ']

const HOSTS = [
  'demo.localhost',
  'closed.localhost',
  `demo.localhost:${FUZZ_PORT}`,
  'evil.example',
  `[::1]:${FUZZ_PORT}`,
  `127.0.0.1:${FUZZ_PORT}.evil.example`,
  '',
  `127.0.0.1:${FUZZ_PORT}, evil.example`,
  'xn--80ak6aa92e.example',
  `localhost:${FUZZ_PORT}`,
]

/** Headers around the request: mostly as a browser's client sends them, sometimes odd. */
export function headerChoices() {
  return fc.record({
    scheme: fc.oneof(
      { weight: 12, arbitrary: fc.constant('Bearer ') },
      { weight: 1, arbitrary: fc.constantFrom(...SCHEMES) },
    ),
    host: fc.oneof(
      { weight: 14, arbitrary: fc.constant(`127.0.0.1:${FUZZ_PORT}`) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTS) },
    ),
    requestedWith: fc.oneof(
      { weight: 12, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    contentType: fc.oneof(
      { weight: 10, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    extra: fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as [string, string][]) },
      { weight: 1, arbitrary: fc.subarray(ODD_HEADERS, { minLength: 1, maxLength: 3 }) },
    ),
  })
}
