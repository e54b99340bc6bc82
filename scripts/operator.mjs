#!/usr/bin/env node
// Operator commands for support staff, run against a running portal's main API:
//   npm run operator -- admin-token --tenant demo --email anna.beispiel@example.org --grund "Rückruf 4711" --bearbeiter "M. Weber"
//   npm run operator -- sperren   --tenant demo --email … --bearbeiter "M. Weber"
//   npm run operator -- entsperren --tenant demo --email … --bearbeiter "M. Weber"
//   npm run operator -- mandant --tenant lumenta --file lumenta.json          (create a tenant or replace its settings)
//   npm run operator -- inhaltsquelle --tenant demo --quelle squidex --content-url https://cms.example \
//        --app lumenta-empfehlen --client-id lumenta-empfehlen:portal --client-secret … --webhook-secret … \
//        --ids impressum=…,datenschutz=…,agb=…,barrierefreiheit=…,faq=…,einstellungen=…
//   npm run operator -- inhaltsquelle --tenant demo --quelle files             (back to the content files)
//   npm run operator -- variable --tenant demo --name Hotline --wert "0800 …" [--agentur 4711]   (--wert "" removes)
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
    file: { type: 'string' },
    quelle: { type: 'string' },
    'content-url': { type: 'string' },
    app: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'webhook-secret': { type: 'string' },
    ids: { type: 'string' },
    name: { type: 'string' },
    wert: { type: 'string' },
    agentur: { type: 'string' },
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

const USAGE =
  'Usage: npm run operator -- admin-token|sperren|entsperren --tenant T --email E --bearbeiter B [--grund G]\n' +
  '       npm run operator -- mandant --tenant T --file settings.json\n' +
  '       npm run operator -- inhaltsquelle --tenant T --quelle files|squidex [--content-url U --app A --client-id I --client-secret S --webhook-secret W --ids k=v,…]\n' +
  '       npm run operator -- variable --tenant T --name N --wert V [--agentur A]'

const command = positionals[0]
const { tenant, email, grund, bearbeiter } = values
if (!tenant) fail(USAGE)
const t = encodeURIComponent(tenant)

/** Method, path below /api/v1 and body of the command; the printer of its answer. */
function request() {
  switch (command) {
    case 'admin-token':
    case 'sperren':
    case 'entsperren':
      if (!email || !bearbeiter) fail('--email and --bearbeiter are required.\n' + USAGE)
      if (command === 'admin-token' && !grund) fail('admin-token needs --grund (why support logs in).')
      return command === 'admin-token'
        ? [
            'POST',
            `${t}/operator/adminLoginToken`,
            { Email: email, Grund: grund, Bearbeiter: bearbeiter },
            (a) => `Admin login link (single use, valid until ${a.GueltigBis}):\n${a.Url}`,
          ]
        : [
            'PUT',
            `${t}/operator/kontosperre`,
            { Email: email, Gesperrt: command === 'sperren', Bearbeiter: bearbeiter },
            (a) => (a.Gesperrt ? 'Account locked.' : 'Account unlocked.'),
          ]
    case 'mandant': {
      if (!values.file) fail('mandant needs --file (the settings as JSON).')
      const settings = JSON.parse(readFileSync(values.file, 'utf8'))
      return [
        'PUT',
        `mandant/${t}`,
        settings,
        (a) => (a.Neu ? `Tenant ${tenant} created.` : `Settings of ${tenant} replaced.`),
      ]
    }
    case 'inhaltsquelle': {
      const ids = values.ids
        ? Object.fromEntries(values.ids.split(',').map((pair) => pair.split('=').map((s) => s.trim())))
        : undefined
      const body = {
        Source: values.quelle ?? fail('inhaltsquelle needs --quelle files|squidex.'),
        Url: values['content-url'],
        AppName: values.app,
        ClientId: values['client-id'],
        ClientSecret: values['client-secret'],
        WebhookSecret: values['webhook-secret'],
        Ids: ids,
      }
      return [
        'PUT',
        `${t}/operator/inhaltsquelle`,
        body,
        (a) => `Content of ${tenant}: ${JSON.stringify(a, null, 2)}`,
      ]
    }
    case 'variable': {
      if (!values.name || values.wert === undefined) fail('variable needs --name and --wert.')
      const wert = values.wert === '' ? null : values.wert
      return values.agentur
        ? [
            'POST',
            `${t}/content/agenturvariables/${encodeURIComponent(values.agentur)}`,
            { Name: values.name, Wert: wert },
            JSON.stringify,
          ]
        : [
            'POST',
            `${t}/content/variables/${encodeURIComponent(values.name)}`,
            { Wert: wert },
            JSON.stringify,
          ]
    }
    default:
      return fail(USAGE)
  }
}

const [method, route, body, print] = request()
const base = (
  values.url ??
  process.env.OPERATOR_API_URL ??
  `http://127.0.0.1:${process.env.PORT ?? 3000}`
).replace(/\/$/, '')
const response = await fetch(`${base}/api/v1/${route}`, {
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
console.log(print(answer))
