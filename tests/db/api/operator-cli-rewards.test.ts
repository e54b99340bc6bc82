import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { praemierungDetailsSchema } from '@/lib/contracts/praemierung'
import { call } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation } from '../support/recommendations'
import { backdate, confirmedFriend, daysAgo, orderNumber, rewardLinkOf } from '../support/rewards'
import { BASE_URL, TEST_OPERATOR_API_KEY } from '../support/test-server'

// The operator's commands for rewards (scripts/operator.mjs) against the test server: orders from a
// CSV file, a voucher import, the SEPA export written to a file, and marking it paid.

const run = promisify(execFile)
const dir = mkdtempSync(path.join(tmpdir(), 'operator-cli-'))

function operator(...args: string[]) {
  return run(process.execPath, ['scripts/operator.mjs', ...args, '--tenant', 'demo', '--url', BASE_URL], {
    env: { ...process.env, OPERATOR_API_KEY: TEST_OPERATOR_API_KEY },
  })
}

afterAll(releaseRegisteredAccounts)

it('imports orders from CSV, exports the picked cash reward as a SEPA file and marks it paid', async () => {
  const rec = await sharedRecommendation('cli', { anteil: 100 })
  const friend = await confirmedFriend(rec)
  await backdate('demo', rec.nr, 40)
  const no = orderNumber()
  const [y, m, d] = daysAgo(35).split('-')
  const csv = path.join(dir, 'orders.csv')
  writeFileSync(
    csv,
    [
      'Auftragsnummer;Empfaengernummer;ProduktId;Auftragsdatum;Status',
      `${no};${friend.empfaengernummer};462;${d}.${m}.${y};gezahlt`,
      `${orderNumber()};UNBEKANNT;462;${d}.${m}.${y};Offen`,
    ].join('\r\n'),
  )
  const imported = await operator('auftraege', '--file', csv)
  expect(imported.stdout).toContain('1 created, 0 updated, 0 unchanged, 1 refused.')
  expect(imported.stdout).toMatch(/refused T-\S+: EmpfaengerUnbekannt/)
  expect((await operator('auftraege', '--file', csv)).stdout).toContain(
    '0 created, 0 updated, 1 unchanged, 1 refused.',
  )

  const link = await rewardLinkOf('demo', rec.email)
  const picked = await call('/api/v1/demo/praemierung', {
    method: 'PUT',
    token: link.token,
    body: {
      PraemieId: link.id,
      Auswahl: 'Bargeld',
      Bankdaten: { IBAN: 'DE89370400440532013000', Kontoinhaber: 'Jana Landung' },
    },
  })
  expect(picked.status).toBe(200)

  const out = path.join(dir, 'batch.xml')
  const exported = await operator('auszahlung', '--art', 'sepa', '--out', out)
  expect(exported.stdout).toMatch(
    /^Batch (\S+) \(PSOE-\d{14}-[0-9A-Z]{10}\): \d+ payouts, [\d.]+ EUR\.\n(Left out[^\n]*\n)?Written to /,
  )
  const xml = readFileSync(out, 'utf8')
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09')
  expect(xml).toContain(`<EndToEndId>${link.id}</EndToEndId>`)
  const id = /^Batch (\S+) /.exec(exported.stdout)![1]!
  expect((await operator('auszahlungen')).stdout).toContain(id)
  expect((await operator('bezahlt', '--id', id)).stdout).toMatch(/^Batch PSOE-\S+ marked paid/)
  const details = praemierungDetailsSchema.parse(
    (await call(`/api/v1/demo/praemierung?details=${link.id}`, { token: rec.token })).json,
  )
  expect(details.Status).toBe('Ausgezahlt')
  await expect(operator('bezahlt', '--id', id)).rejects.toMatchObject({
    stderr: expect.stringContaining('AuszahlungBereitsBezahlt'),
  })
})

it('imports voucher codes and creates a provider key', async () => {
  const csv = path.join(dir, 'codes.csv')
  const code = `CLI-${orderNumber().slice(2, 12)}`
  writeFileSync(csv, `Code,WertCent,Anbieter\n${code},2500,Kino Gutschein\n`)
  expect((await operator('gutscheine', '--file', csv)).stdout).toMatch(/^1 imported, 0 already known/)
  expect((await operator('gutscheine', '--file', csv)).stdout).toMatch(/^0 imported, 1 already known/)
  const key = await operator('anbieterschluessel', '--name', 'CLI-Test')
  expect(key.stdout).toMatch(
    /^Provider key "CLI-Test" \(id [0-9a-f-]{36}\); it is shown only this once:\npk_[A-Za-z0-9_-]{43}\n$/,
  )
  expect((await operator('praemienlauf')).stdout).toMatch(
    /^Ready: \d+ orders, reminders: \d+, expired: \d+, vouchers assigned: \d+\.$/m,
  )
})
