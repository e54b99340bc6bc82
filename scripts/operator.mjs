#!/usr/bin/env node
// Operator commands for support staff, run against a running portal's main API:
//   npm run operator -- admin-token --tenant demo --email anna.beispiel@example.org --grund "Rückruf 4711" --bearbeiter "M. Weber"
//   npm run operator -- sperren   --tenant demo --email … --bearbeiter "M. Weber"
//   npm run operator -- entsperren --tenant demo --email … --bearbeiter "M. Weber"
// The key is OPERATOR_API_KEY, or on the embedded default the one generated in .data/secrets.json.
// The server is --url, or OPERATOR_API_URL, or http://127.0.0.1:$PORT (default 3000). Every call is
// written to the server's audit log.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    tenant: { type: 'string' },
    email: { type: 'string' },
    grund: { type: 'string' },
    bearbeiter: { type: 'string' },
    url: { type: 'string' },
  },
})

function fail(message) {
  console.error(message)
  process.exit(1)
}

function operatorKey() {
  if (process.env.OPERATOR_API_KEY) return process.env.OPERATOR_API_KEY
  const file = path.resolve('.data', 'secrets.json')
  const key = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).operatorApiKey : undefined
  return key ?? fail('No operator key: set OPERATOR_API_KEY (or start the portal once to generate one).')
}

const command = positionals[0]
const { tenant, email, grund, bearbeiter } = values
if (!['admin-token', 'sperren', 'entsperren'].includes(command ?? ''))
  fail(
    'Usage: npm run operator -- admin-token|sperren|entsperren --tenant T --email E --bearbeiter B [--grund G]',
  )
if (!tenant || !email || !bearbeiter) fail('--tenant, --email and --bearbeiter are required.')
if (command === 'admin-token' && !grund) fail('admin-token needs --grund (why support logs in).')

const base = (
  values.url ??
  process.env.OPERATOR_API_URL ??
  `http://127.0.0.1:${process.env.PORT ?? 3000}`
).replace(/\/$/, '')
const [method, route, body] =
  command === 'admin-token'
    ? ['POST', 'operator/adminLoginToken', { Email: email, Grund: grund, Bearbeiter: bearbeiter }]
    : [
        'PUT',
        'operator/kontosperre',
        { Email: email, Gesperrt: command === 'sperren', Bearbeiter: bearbeiter },
      ]

const response = await fetch(`${base}/api/v1/${encodeURIComponent(tenant)}/${route}`, {
  method,
  headers: {
    Authorization: `Bearer ${operatorKey()}`,
    'Content-Type': 'application/json',
    'X-Requested-With': 'operator-cli',
  },
  body: JSON.stringify(body),
}).catch((error) => fail(`The portal at ${base} did not answer: ${error.message}`))
const answer = await response.json().catch(() => ({}))
if (!response.ok) fail(`Refused (${response.status}): ${answer.Code ?? ''} ${answer.Message ?? ''}`.trim())
if (command === 'admin-token') {
  console.log(`Admin login link (single use, valid until ${answer.GueltigBis}):\n${answer.Url}`)
} else {
  console.log(answer.Gesperrt ? 'Account locked.' : 'Account unlocked.')
}
