// The data npm run bench measures with, made through the main API and the portal as their clients do
// (tests/e2e/orders-support.ts sharedRecommendation is the same path): the demo referrer logged in to
// the main API (bearer token) and to the portal (its login form posted as a browser without JavaScript
// posts it, which sets the httpOnly session cookie), a product, a shared recommendation, and pools of
// unique inputs for the two creating calls. The tenant's velocity limits are raised for the bench through
// the operator call (PUT /api/v1/mandant/{tenant}); the code keeps them.
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const TENANT = 'demo'
export const XRW = { 'X-Requested-With': 'XMLHttpRequest' }
const JSON_HEADERS = { ...XRW, 'Content-Type': 'application/json' }
const AGB_TEXT = 'Ich akzeptiere die Teilnahmebedingungen.'
/** Limits no bench run reaches (the settings' minimum is 1; their defaults stop a run after 20 or 100). */
const UNREACHED = 1_000_000_000

/** The seeded demo referrer of the tenant (lib/engine/tenants/demo/referrers.json, as npm run demo prints). */
export const REFERRER = JSON.parse(
  readFileSync(path.join('lib', 'engine', 'tenants', 'demo', 'referrers.json'), 'utf8'),
)[TENANT]

async function call(base, method, pathname, { headers = {}, body } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(body === undefined ? XRW : JSON_HEADERS), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let json = null
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON (a page)
  }
  return { status: response.status, text, json }
}

function expectStatus(answer, status, what) {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}, expected ${status}: ${answer.text.slice(0, 200)}`)
  return answer
}

const bearer = (token) => ({ Authorization: `Bearer ${token}` })

/**
 * The operator raises the tenant's recommendation limits. The call replaces the settings whole and reads
 * back only the public ones, so the secrets left out (content and sign-on client secrets, the payout
 * account) are gone from this throw-away database; nothing the bench measures uses them.
 */
export async function raiseLimits(base, operatorKey) {
  const config = expectStatus(await call(base, 'GET', `/api/v1/mandant/${TENANT}`), 200, 'mandant')
  const settings = config.json.Settings
  settings.RecommendationLimits = Object.fromEntries(
    Object.keys(settings.RecommendationLimits).map((name) => [name, UNREACHED]),
  )
  expectStatus(
    await call(base, 'PUT', `/api/v1/mandant/${TENANT}`, { headers: bearer(operatorKey), body: settings }),
    200,
    'PUT mandant (operator)',
  )
  return settings
}

/** POST account/login: the referrer's main-API token. */
export async function apiToken(base, { email, password }) {
  const answer = await call(base, 'POST', `/api/v1/${TENANT}/account/login`, {
    body: { Email: email, Password: password },
  })
  return expectStatus(answer, 200, 'account/login').json.token
}

const ENTITIES = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }
const decode = (text) => text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity])

/**
 * The portal's session cookie ("psoe_token=…"): the login page's form, filled in and posted as multipart
 * with all its hidden fields (the server action's reference among them), as a browser without
 * JavaScript sends it; the answer is the redirect that sets the cookie.
 */
export async function portalSession(base, { email, password }) {
  const page = expectStatus(await call(base, 'GET', `/${TENANT}/login`), 200, 'login page')
  const form = page.text.match(/<form\b[^>]*>[\s\S]*?<\/form>/g)?.find((f) => f.includes('name="password"'))
  if (!form) throw new Error('the login page has no password form')
  const fields = new FormData()
  for (const [, attributes] of form.matchAll(/<input\b([^>]*)>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes)?.[1]
    if (name) fields.append(decode(name), decode(/\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? ''))
  }
  fields.set('email', email)
  fields.set('password', password)
  const response = await fetch(`${base}/${TENANT}/login`, {
    method: 'POST',
    body: fields,
    headers: { Origin: base },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  await response.arrayBuffer()
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('psoe_token=') && pair.length > 'psoe_token='.length)
  if (response.status !== 303 || !cookie)
    throw new Error(`the login form answered ${response.status} without a session cookie`)
  return cookie
}

/** GET produkt: the tenant's product ids and names, in the catalogue's order. */
export async function products(base) {
  const answer = expectStatus(await call(base, 'GET', `/api/v1/${TENANT}/produkt`), 200, 'produkt')
  if (!Array.isArray(answer.json) || answer.json.length === 0) throw new Error('produkt lists no product')
  return answer.json.map((p) => ({ id: p.Id, name: p.AnzeigeName }))
}

/** The body of POST Empfehlen/create (SPEC §3; lib/contracts/recommendation.ts). */
export function recommendationBody(produkt, share, empfehler) {
  return {
    Empfehlung: { Produkt: produkt, AgbText: AGB_TEXT, AnteilEmpfehler: share },
    Empfehler: empfehler,
  }
}

/** A logged-in referrer's recommendation, shareable at once: its number. */
export async function sharedRecommendation(base, token, produkt, share) {
  const body = recommendationBody(produkt, share, {
    Vorname: REFERRER.vorname,
    Nachname: REFERRER.nachname,
    Email: REFERRER.email,
  })
  const answer = await call(base, 'POST', `/api/v1/${TENANT}/Empfehlen/create`, {
    headers: bearer(token),
    body,
  })
  return expectStatus(answer, 200, 'Empfehlen/create').json.Empfehlungsnummer
}

/** The products the referrer has no recommendation of yet (each product once per referrer). */
export async function unrecommended(base, token, all) {
  const answer = await call(base, 'GET', `/api/v1/${TENANT}/empfehler/empfehlungen`, {
    headers: bearer(token),
  })
  const taken = new Set(expectStatus(answer, 200, 'empfehler/empfehlungen').json.map((r) => r.Produkt.Id))
  return all.filter((p) => !taken.has(p.id)).map((p) => p.id)
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The link to `pathname` in the newest mail to `to` in the local mailbox (DEV_TOOLS), once it came. */
async function mailedLink(base, to, pathname) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const answer = await call(base, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`)
    for (const mail of answer.json?.Nachrichten ?? []) {
      const link = (mail.Text.match(/https?:\/\/\S+/g) ?? []).find((l) => new URL(l).pathname === pathname)
      if (link) return new URL(link)
    }
    await sleep(200)
  }
  throw new Error(`no mail with a link to ${pathname} reached ${to} within 60 s`)
}

/**
 * A new referrer as a visitor becomes one: a recommendation without login, the opt-in mail, its link
 * (PUT empfehler/teilnahme). Answers the referrer's token.
 */
async function newReferrer(base, { email, produkt, share }) {
  const body = recommendationBody(produkt, share, { Vorname: 'Bea', Nachname: 'Bench', Email: email })
  const created = await call(base, 'POST', `/api/v1/${TENANT}/Empfehlen/create`, { body })
  if (created.json?.Code !== 'OptInRequired')
    throw new Error(`Empfehlen/create without login answered ${created.status} ${created.text.slice(0, 200)}`)
  const link = await mailedLink(base, email, `/${TENANT}/bestaetigung`)
  const confirmed = await call(base, 'PUT', `/api/v1/${TENANT}/empfehler/teilnahme`, {
    body: { Token: link.searchParams.get('token') },
  })
  return { token: expectStatus(confirmed, 200, 'empfehler/teilnahme').json.User.token }
}

/**
 * Unique inputs of POST Empfehlen/create, logged in (what the recommend form sends for a referrer whose
 * e-mail is confirmed: 200 and the recommendation, shareable at once). A referrer recommends each
 * product once, so the pool is referrers × products: `add` puts in a referrer's products, `ensure` makes
 * new referrers between runs (through the mailbox). Once it runs dry, the last input is sent again and
 * refused (counted as an error), and `exhausted` says how often.
 */
export function recommendationPool(base, { productIds, share, runId }) {
  /** @type {{ token: string, produkt: number }[]} */
  const queue = []
  let referrers = 0
  let last = null
  let exhausted = 0
  const empfehler = { Vorname: 'Bea', Nachname: 'Bench', Email: `bench-${runId}@example.org` }
  return {
    get remaining() {
      return queue.length
    },
    get exhausted() {
      return exhausted
    },
    add(token, produkte) {
      for (const produkt of produkte) queue.push({ token, produkt })
    },
    /** New referrers (a few at a time, in parallel) until at least `count` inputs wait. */
    async ensure(count) {
      const missing = Math.ceil(Math.max(0, count - queue.length) / (productIds.length - 1))
      const made = []
      while (made.length < missing) {
        const batch = Array.from({ length: Math.min(8, missing - made.length) }, () => {
          const email = `bench-${runId}-${++referrers}@example.org`
          return newReferrer(base, { email, produkt: productIds[0], share })
        })
        made.push(...(await Promise.all(batch)))
      }
      // Interleaved, so that parallel requests are of different referrers (each locks its own row).
      for (const produkt of productIds.slice(1)) for (const { token } of made) queue.push({ token, produkt })
    },
    /** The next request's path, headers and body. */
    next() {
      const input = queue.shift() ?? last
      if (!input) throw new Error('the recommendation pool is empty')
      if (input === last) exhausted++
      last = input
      return {
        path: `/api/v1/${TENANT}/Empfehlen/create`,
        headers: bearer(input.token),
        body: recommendationBody(input.produkt, share, empfehler),
      }
    },
  }
}

/**
 * Unique friends for POST empfaenger/create/{nr} of one shared recommendation (a person follows one
 * recommendation only: e-mail, phone, and name with address are new each time).
 */
export function recipientPool({ nr, runId }) {
  let n = 0
  return {
    next() {
      n++
      const body = {
        anrede: 'Frau',
        vorname: 'Fiona',
        name: `Bench-${runId}-${n}`,
        geburtsdatum: '1991-02-03',
        email: `friend-${runId}-${n}@example.org`,
        telefon: `+49 170 ${String(n).padStart(8, '0')}`,
        werbeeinwilligung: false,
        adresse: { strasse: 'Ulmenweg', hausnummer: String(n % 1000), plz: '28195', ort: 'Bremen' },
      }
      return { path: `/api/v1/${TENANT}/empfaenger/create/${nr}`, headers: {}, body }
    },
  }
}
