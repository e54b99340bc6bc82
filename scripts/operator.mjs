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
//   npm run operator -- kundennummern --tenant demo [--status ausstehend|bestaetigt|abgelehnt]   (numbers to check)
//   npm run operator -- kundennummer --tenant demo --email … --status bestaetigt|abgelehnt --bearbeiter "M. Weber" \
//        [--kundennummer 1234567890]   (confirm or reject a referrer's customer number after checking it)
//   npm run operator -- anbieterschluessel --tenant demo --name "Auftragsimport"   (a provider key, shown once)
//   npm run operator -- auftraege --tenant demo --file orders.csv
//        (Auftragsnummer;Empfaengernummer;ProduktId;Auftragsdatum;Status, dates YYYY-MM-DD or DD.MM.YYYY)
//   npm run operator -- gutscheine --tenant demo --file codes.csv   (Code;WertCent;Anbieter)
//   npm run operator -- praemienlauf --tenant demo   (readiness, reminders, expiry, waiting vouchers now)
//   npm run operator -- auszahlung --tenant demo --art sepa|gutschrift --out batch.xml   (export due payouts)
//   npm run operator -- auszahlungen --tenant demo   (the batches)
//   npm run operator -- bezahlt --tenant demo --id <batch id>   (the bank executed the batch)
// The key is OPERATOR_API_KEY, or on the embedded default the one generated in .data/secrets.json.
// The server is --url, or OPERATOR_API_URL, or http://127.0.0.1:$PORT (default 3000). Every call is
// written to the server's audit log.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
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
    status: { type: 'string' },
    kundennummer: { type: 'string' },
    art: { type: 'string' },
    out: { type: 'string' },
    id: { type: 'string' },
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
  '       npm run operator -- variable --tenant T --name N --wert V [--agentur A]\n' +
  '       npm run operator -- kundennummern --tenant T [--status ausstehend|bestaetigt|abgelehnt]\n' +
  '       npm run operator -- kundennummer --tenant T --email E --status bestaetigt|abgelehnt --bearbeiter B [--kundennummer K]\n' +
  '       npm run operator -- anbieterschluessel --tenant T --name N\n' +
  '       npm run operator -- auftraege|gutscheine --tenant T --file F.csv\n' +
  '       npm run operator -- praemienlauf|auszahlungen --tenant T\n' +
  '       npm run operator -- auszahlung --tenant T --art sepa|gutschrift --out F\n' +
  '       npm run operator -- bezahlt --tenant T --id I'

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
    case 'kundennummern': {
      const status = customerNumberStatus(values.status ?? 'ausstehend')
      return [
        'GET',
        `${t}/operator/kundennummer?status=${status}`,
        undefined,
        (a) =>
          a.Kundennummern.length === 0
            ? `No customer numbers with status ${status}.`
            : a.Kundennummern.map(
                (k) =>
                  `${k.Kundennummer}\t${k.Email}\t${k.Vorname} ${k.Nachname}\t${k.Status}\t${k.GeaendertAm}`,
              ).join('\n'),
      ]
    }
    case 'kundennummer': {
      if (!email || !bearbeiter || !values.status)
        fail('kundennummer needs --email, --status bestaetigt|abgelehnt and --bearbeiter.\n' + USAGE)
      const status = customerNumberStatus(values.status)
      if (status === 'Ausstehend') fail('--status is bestaetigt or abgelehnt.')
      return [
        'PUT',
        `${t}/operator/kundennummer`,
        { Email: email, Status: status, Bearbeiter: bearbeiter, Kundennummer: values.kundennummer },
        (a) => `Customer number ${a.Kundennummer}: ${a.Status}.`,
      ]
    }
    case 'anbieterschluessel':
      if (!values.name) fail('anbieterschluessel needs --name (what the key is for).')
      return [
        'POST',
        `${t}/operator/anbieterschluessel`,
        { Bezeichnung: values.name },
        (a) => `Provider key "${a.Bezeichnung}" (id ${a.Id}); it is shown only this once:\n${a.Schluessel}`,
      ]
    case 'auftraege': {
      const rows = csvRows(['auftragsnummer', 'empfaengernummer', 'produktid', 'auftragsdatum', 'status'])
      const orders = rows.map((r) => ({
        Auftragsnummer: r.auftragsnummer,
        Empfaengernummer: r.empfaengernummer,
        ProduktId: Number(r.produktid),
        Auftragsdatum: isoDate(r.auftragsdatum),
        Status: orderStatus(r.status),
      }))
      return ['POST', `${t}/auftraege`, { Auftraege: orders }, printOrderResults]
    }
    case 'gutscheine': {
      const rows = csvRows(['code', 'wertcent', 'anbieter'])
      const codes = rows.map((r) => ({ Code: r.code, WertCent: Number(r.wertcent), Anbieter: r.anbieter }))
      return [
        'POST',
        `${t}/operator/gutscheine`,
        { Gutscheine: codes },
        (a) =>
          `${a.Importiert} imported, ${a.Uebersprungen} already known, ${a.Zugeteilt} assigned to waiting rewards; ${a.Frei} free codes in the pool.`,
      ]
    }
    case 'praemienlauf':
      return [
        'POST',
        `${t}/operator/praemienlauf`,
        undefined,
        (a) =>
          `Ready: ${a.bereitgestellt} orders, reminders: ${a.erinnert}, expired: ${a.abgelaufen}, vouchers assigned: ${a.gutscheine}.`,
      ]
    case 'auszahlung': {
      const art = { sepa: 'SEPA', gutschrift: 'Gutschrift' }[(values.art ?? '').toLowerCase()]
      if (!art || !values.out) fail('auszahlung needs --art sepa|gutschrift and --out (the file to write).')
      return [
        'POST',
        `${t}/operator/auszahlungen`,
        { Art: art },
        (a) =>
          `Batch ${a.Id} (${a.MessageId}): ${a.Anzahl} payouts, ${(a.SummeCent / 100).toFixed(2)} EUR.` +
          (a.Uebersprungen?.length
            ? `\nLeft out, payout data unreadable: ${a.Uebersprungen.join(', ')}`
            : '') +
          (a.Wartend?.length ? `\nWaiting for the customer number's check: ${a.Wartend.join(', ')}` : ''),
        (a) => ['GET', `${t}/operator/auszahlungen/${encodeURIComponent(a.Id)}`],
      ]
    }
    case 'auszahlungen':
      return [
        'GET',
        `${t}/operator/auszahlungen`,
        undefined,
        (a) =>
          a.Auszahlungen.length === 0
            ? 'No payout batches.'
            : a.Auszahlungen.map(
                (b) =>
                  `${b.Id}\t${b.Art}\t${b.MessageId}\t${b.Anzahl}\t${(b.SummeCent / 100).toFixed(2)} EUR\t${b.BezahltAm ? `paid ${b.BezahltAm}` : 'open'}`,
              ).join('\n'),
      ]
    case 'bezahlt':
      if (!values.id) fail('bezahlt needs --id (the batch).')
      return [
        'PUT',
        `${t}/operator/auszahlungen/${encodeURIComponent(values.id)}/bezahlt`,
        undefined,
        (a) => `Batch ${a.MessageId} marked paid (${a.Anzahl} payouts).`,
      ]
    default:
      return fail(USAGE)
  }
}

/**
 * The rows of the --file CSV as objects keyed by the lower-cased header, separated by ; or , (the
 * header decides), quotes allowed around a field. Every named column must be there.
 */
function csvRows(columns) {
  if (!values.file) fail(`${command} needs --file (a CSV file with a header line).`)
  const lines = readFileSync(values.file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
  if (lines.length < 2) fail(`${values.file} has no rows under its header.`)
  const separator = lines[0].includes(';') ? ';' : ','
  const split = (line) => line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'))
  const header = split(lines[0]).map((h) => h.toLowerCase())
  const missing = columns.filter((c) => !header.includes(c))
  if (missing.length > 0) fail(`${values.file} lacks the column(s) ${missing.join(', ')}.`)
  return lines.slice(1).map((line) => Object.fromEntries(split(line).map((cell, i) => [header[i], cell])))
}

/** YYYY-MM-DD as it is, DD.MM.YYYY turned into it. */
function isoDate(value) {
  const german = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)
  return german ? `${german[3]}-${german[2]}-${german[1]}` : value
}

function orderStatus(value) {
  const status = { offen: 'Offen', gezahlt: 'Gezahlt', storniert: 'Storniert' }[value.toLowerCase()]
  return status ?? value
}

function printOrderResults(a) {
  const count = (e) => a.Ergebnisse.filter((r) => r.Ergebnis === e).length
  const refused = a.Ergebnisse.filter((r) => r.Ergebnis === 'Abgelehnt')
  return [
    `${count('Angelegt')} created, ${count('Aktualisiert')} updated, ${count('Unveraendert')} unchanged, ${refused.length} refused.`,
    ...refused.map((r) => `refused ${r.Auftragsnummer}: ${r.Code}`),
  ].join('\n')
}

/** The API's status word for what an operator types (bestaetigt, bestätigt, Abgelehnt, …). */
function customerNumberStatus(value) {
  const word = value.trim().toLowerCase().replace('ä', 'ae')
  const status = { ausstehend: 'Ausstehend', bestaetigt: 'Bestaetigt', abgelehnt: 'Abgelehnt' }[word]
  return status ?? fail(`Unknown status "${value}": ausstehend, bestaetigt or abgelehnt.`)
}

const [method, route, body, print, download] = request()
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
  body: body === undefined ? undefined : JSON.stringify(body),
}).catch((error) => fail(`The portal at ${base} did not answer: ${error.message}`))
const answer = await response.json().catch(() => ({}))
if (!response.ok) fail(`Refused (${response.status}): ${answer.Code ?? ''} ${answer.Message ?? ''}`.trim())
console.log(print(answer))
// A payout export: the batch's file is fetched and written to --out.
if (download) {
  const [fileMethod, fileRoute] = download(answer)
  const file = await fetch(`${base}/api/v1/${fileRoute}`, {
    method: fileMethod,
    headers: { Authorization: `Bearer ${operatorKey()}`, 'X-Requested-With': 'operator-cli' },
  })
  if (!file.ok) fail(`The file of batch ${answer.Id} could not be fetched (${file.status}).`)
  writeFileSync(values.out, await file.text())
  console.log(`Written to ${values.out}.`)
}
