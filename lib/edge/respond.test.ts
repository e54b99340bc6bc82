import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { failSafe, refuse } from './respond.mjs'

// The edge's refusals: JSON for the main API, plain text for other clients, and for a browser's page
// the server could not answer a small page that loads it again.

let server: http.Server
let base: string
let answer: (req: IncomingMessage, res: ServerResponse) => void

beforeAll(async () => {
  server = http.createServer((req, res) => answer(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const PAGE = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Accept-Language': 'en-GB,en;q=0.9' }

it('answers a browser a page in its language that loads itself again after Retry-After', async () => {
  answer = (req, res) => refuse(req, res, 503, 'Default', { 'Retry-After': '5' })
  const response = await fetch(`${base}/demo/empfehlung/AB12?x=<b>"`, { headers: PAGE })
  expect(response.status).toBe(503)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('retry-after')).toBe('5')
  const html = await response.text()
  expect(html).toContain('<html lang="de">')
  expect(html).toContain('<meta http-equiv="refresh" content="5">')
  expect(html).toContain('<h1>Es ist ein technischer Fehler aufgetreten.')
  expect(html).toContain('>Seite neu laden</a>')
  // The address comes back escaped, never as markup.
  expect(html).toContain('href="/demo/empfehlung/AB12?x=%3Cb%3E%22"')
  expect(html).not.toContain('<b>')

  // The language of the address, as the portal's pages.
  const english = await (await fetch(`${base}/demo/en/faq`, { headers: PAGE })).text()
  expect(english).toContain('<html lang="en">')
  expect(english).toContain('>Reload page</a>')
})

it('answers a failed page without Retry-After with the link only, and other clients in plain text', async () => {
  answer = (req, res) => failSafe(req, res, new Error('broken'))
  const page = await (await fetch(`${base}/demo`, { headers: PAGE })).text()
  expect(page).toContain('>Seite neu laden</a>')
  expect(page).not.toContain('http-equiv')
  const plain = await fetch(`${base}/demo`, { headers: { Accept: '*/*' } })
  expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  const api = await fetch(`${base}/api/v1/demo/produkt`, { headers: PAGE })
  expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8')
  // A refusal of the visitor's request stays plain text: there is nothing to load again.
  answer = (req, res) => refuse(req, res, 403, 'LoginFirst')
  const refused = await fetch(`${base}/demo`, { headers: PAGE })
  expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8')
})
