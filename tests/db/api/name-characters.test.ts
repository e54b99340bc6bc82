import { randomUUID } from 'node:crypto'
import { recommendationsSchema } from '@/lib/contracts/recommendation'
import type { RecipientDataInput } from '@/lib/contracts/recipient'
import { call, expectError, uniqueClientIp } from '../support/http'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  portalPath,
  registerAccount,
  releaseRegisteredAccounts,
  trackForRelease,
} from '../support/accounts'
import { linkFrom, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { OPTIN_SUBJECT, sharedRecommendation } from '../support/recommendations'

// QUALITY Security 18 over HTTP: a name with a line break or a direction control (U+202E turned the
// friend's landing heading around; CR/LF landed in mail text) is refused with 400 UngueltigeEingabe by
// every call that takes one, and nothing is stored: no account, no recommendation, no recipient, no mail.

const AGB = 'Ich akzeptiere die Teilnahmebedingungen.'

/** The names the hostile test used, and a few more of the same kind. */
const BAD_NAMES: [label: string, value: string][] = [
  ['U+202E (right-to-left override)', '\u202eannA'],
  ['CRLF', 'Anna\r\nBcc: opfer@example.org'],
  ['LF', 'Anna\nMaria'],
  ['U+2066 (isolate)', 'Anna\u2066'],
  ['TAB', 'Anna\tMaria'],
  ['a lone surrogate (half a character)', 'Ann\udfffa'],
]

function recommendation(email: string, names: { Vorname?: string; Nachname?: string } = {}) {
  return {
    Empfehlung: { Produkt: 462, AgbText: AGB, AnteilEmpfehler: 100 },
    Empfehler: { Vorname: 'Jest', Nachname: 'Zeichen', Email: email, ...names },
  }
}

afterAll(releaseRegisteredAccounts)

describe('POST account/createEmpfehler', () => {
  it.each(BAD_NAMES)('refuses a name with %s and registers nothing', async (_label, bad) => {
    const email = uniqueTestEmail('zeichen-konto')
    for (const body of [
      { Vorname: bad, Nachname: 'Zeichen', Email: email },
      { Vorname: 'Jest', Nachname: bad, Email: email },
    ]) {
      expectError(
        await call('/api/v1/demo/account/createEmpfehler', { method: 'POST', body }),
        400,
        'UngueltigeEingabe',
      )
    }
    await mailBarrier('demo')
    expect(await mailsTo('demo', email)).toHaveLength(0)
    // No account was stored: registering now is a first registration (welcome mail, not the hint).
    trackForRelease('demo', email)
    const ok = await call('/api/v1/demo/account/createEmpfehler', {
      method: 'POST',
      headers: uniqueClientIp(),
      body: { Vorname: 'Zoë-Marie', Nachname: "O'Brien-Straße", Email: email },
    })
    expect(ok.status).toBe(200)
    await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome })
    expect((await mailsTo('demo', email)).map((m) => m.Betreff)).not.toContainEqual(
      expect.stringMatching(MAIL_SUBJECTS.accountExists),
    )
  })
})

describe('POST Empfehlen/create', () => {
  it.each(BAD_NAMES)(
    'refuses a referrer or friend named with %s, and stores neither account nor recommendation',
    async (_label, bad) => {
      const email = uniqueTestEmail('zeichen-empfehlung')
      const client = uniqueClientIp()
      const bodies = [
        recommendation(email, { Vorname: bad }),
        recommendation(email, { Nachname: bad }),
        { ...recommendation(email), Empfaenger: { Vorname: bad, Nachname: 'Freund' } },
        { ...recommendation(email), Empfaenger: { Vorname: 'Freund', Nachname: bad } },
      ]
      for (const body of bodies) {
        const refused = await call('/api/v1/demo/Empfehlen/create', { method: 'POST', body, headers: client })
        expectError(refused, 400, 'UngueltigeEingabe')
      }
      await mailBarrier('demo')
      expect(await mailsTo('demo', email)).toHaveLength(0)
      // Nothing was stored: the same client's valid request is a first one (no EmpfehlungExists… answer)
      // and registers a new account (its mail brings the link to set a password).
      trackForRelease('demo', email)
      const ok = await call('/api/v1/demo/Empfehlen/create', {
        method: 'POST',
        body: recommendation(email),
        headers: client,
      })
      expectError(ok, 409, 'OptInRequired')
      const mail = await waitForMail('demo', email, { subject: OPTIN_SUBJECT })
      expect(linkFrom(mail, portalPath('demo', 'registrieren'))).toMatch(/^[\w-]{43}$/)
    },
  )

  it('refuses a friend’s name with control characters from a logged-in referrer; the list stays as it was', async () => {
    const account = await registerAccount('demo', { label: 'zeichen-angemeldet' })
    const list = async () =>
      recommendationsSchema.parse(
        (await call('/api/v1/demo/empfehler/empfehlungen', { token: account.user.token })).json,
      )
    const before = await list()
    for (const [, bad] of BAD_NAMES) {
      const refused = await call('/api/v1/demo/Empfehlen/create', {
        method: 'POST',
        token: account.user.token,
        headers: uniqueClientIp(),
        body: { ...recommendation(account.email), Empfaenger: { Vorname: bad } },
      })
      expectError(refused, 400, 'UngueltigeEingabe')
    }
    expect(await list()).toEqual(before)
    expect(before).toHaveLength(0)
  })
})

describe('POST empfaenger/create/{nr}', () => {
  function person(overrides: Partial<RecipientDataInput> = {}): RecipientDataInput {
    return {
      anrede: 'Frau',
      vorname: 'Mara',
      name: `Zeichen-${randomUUID().slice(0, 8)}`,
      geburtsdatum: '1990-05-17',
      email: uniqueTestEmail('zeichen-empfaenger'),
      // Phone and house number of their own: a recipient of an earlier run on the same database (kept
      // until the clean-up of unconfirmed recipients) would make this one a duplicate.
      telefon: `+49 171 ${Math.floor(1e6 + Math.random() * 8e6)}`,
      werbeeinwilligung: false,
      adresse: {
        strasse: 'Lindenweg',
        hausnummer: `${1 + Math.floor(Math.random() * 900)}a`,
        plz: '10115',
        ort: 'Berlin',
      },
      ...overrides,
    }
  }

  it('refuses names, street, town or phone with control or direction characters, and stores no recipient', async () => {
    const shared = await sharedRecommendation('zeichen-empfaenger-seite')
    const reacted = async () =>
      recommendationsSchema
        .parse((await call('/api/v1/demo/empfehler/empfehlungen', { token: shared.token })).json)
        .find((r) => r.Empfehlungsnummer === shared.nr)?.Reagiert
    expect(await reacted()).toBe(false)
    const email = uniqueTestEmail('zeichen-empfaenger')
    const address = person().adresse
    for (const [, bad] of BAD_NAMES) {
      for (const data of [
        person({ email, vorname: bad }),
        person({ email, name: bad }),
        person({ email, adresse: { ...address, strasse: bad } }),
        person({ email, adresse: { ...address, ort: bad } }),
        person({ email, adresse: { ...address, hausnummer: '7\r\n' } }),
        person({ email, telefon: '+49 171\r\n5550100' }),
      ]) {
        const refused = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
          method: 'POST',
          body: data,
          headers: uniqueClientIp(),
        })
        expectError(refused, 400, 'UngueltigeEingabe')
      }
    }
    await mailBarrier('demo')
    expect(await mailsTo('demo', email)).toHaveLength(0)
    expect(await reacted()).toBe(false)

    // Names of every spelling are kept as typed.
    const ok = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
      method: 'POST',
      body: person({
        email,
        vorname: 'Zoë-Marie',
        name: "O'Brien",
        adresse: { ...address, strasse: 'Straße' },
      }),
      headers: uniqueClientIp(),
    })
    expect(ok.status).toBe(200)
    expect(await reacted()).toBe(true)
  })
})

describe('the friend’s landing', () => {
  it('never shows a referrer name that reads reversed: such a recommendation is not created', async () => {
    const email = uniqueTestEmail('zeichen-landung')
    const refused = await call('/api/v1/demo/Empfehlen/create', {
      method: 'POST',
      headers: uniqueClientIp(),
      body: recommendation(email, { Vorname: '\u202eannA', Nachname: '\u202eleipsieB' }),
    })
    expectError(refused, 400, 'UngueltigeEingabe')
    expect((refused.json as { Fields: { Field: string }[] }).Fields.map((f) => f.Field)).toEqual([
      'Empfehler.Vorname',
      'Empfehler.Nachname',
    ])
    // The same person with a plain name gets the landing as always.
    const shared = await sharedRecommendation('zeichen-landung-ok', { vorname: 'Zoë', nachname: 'Ångström' })
    const landing = await call(`/api/v1/demo/empfehlen/${shared.nr}/${shared.hex}`)
    expect(landing.status).toBe(200)
    expect(landing.json).toMatchObject({ Empfehler: { Vorname: 'Zoë', Nachname: 'Å.' } })
  })
})
