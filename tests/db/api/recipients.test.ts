import { randomUUID } from 'node:crypto'
import {
  confirmRecipientResponseSchema,
  createdRecipientSchema,
  recipientOrderSchema,
  storedRecipientSchema,
  type RecipientDataInput,
} from '@/lib/contracts/recipient'
import { issueToken } from '@/lib/engine/auth/token'
import { call, claimsOf, expectError, uniqueClientIp } from '../support/http'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { lockAccount, portalPath, registerAccount, releaseRegisteredAccounts } from '../support/accounts'
import { recipientPerson } from '../support/recipients'
import { linkFrom, mailsTo, waitForMail } from '../support/mailbox'
import { sharedRecommendation, type Shared } from '../support/recommendations'

// The recipient's side over HTTP (SPEC §7.5): entering data, the confirmation link, consent, the way to
// the order, the stored-recipient check and the sales person's tracking call.

const CONFIRM_SUBJECT = /^Bitte bestätigen Sie Ihre Daten|^Please confirm your details/
const AGB = 'Ich stimme den Teilnahmebedingungen und der Datenschutzerklärung zu.'

const person = (overrides: Partial<RecipientDataInput> = {}) => recipientPerson('empfaenger', overrides)

function create(nr: string, body: unknown, query = '') {
  return call(`/api/v1/demo/empfaenger/create/${nr}${query}`, {
    method: 'POST',
    body,
    headers: uniqueClientIp(),
  })
}

let shared: Shared

beforeAll(async () => {
  shared = await sharedRecommendation('empfaenger-seite', { anteil: 0 })
})

afterAll(releaseRegisteredAccounts)

describe('the way from the data to the order', () => {
  it('creates, confirms by mail, records the consent and leads to the order page with the attribution', async () => {
    const data = person({
      werbeeinwilligung: true,
      werbeeinwilligungText: 'Ja, ich möchte Angebote erhalten.',
    })
    const created = await create(shared.nr, data, '?channel=whatsapp')
    expect(created.status).toBe(200)
    const { Empfaengernummer, Hex } = createdRecipientSchema.parse(created.json)
    expect(Empfaengernummer).toMatch(/^[0-9A-Z]{10}$/)
    expect(storedRecipientSchema.parse((await call(`/api/v1/demo/empfaenger/${Hex}`)).json)).toEqual({
      Empfaengernummer,
      Empfehlungsnummer: shared.nr,
      Bestaetigt: false,
      Zugestimmt: false,
    })

    const mail = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    expect(mail.Betreff).toBe('Bitte bestätigen Sie Ihre Daten: Empfehlung für Lumenta Zuhause M')
    expect(mail.Text).toContain('Jana L. hat Ihnen Lumenta Zuhause M von Lumenta Telekom empfohlen')
    const token = linkFrom(mail, portalPath('demo', 'empfaengerbestaetigung'))

    // Before consent there is no way to the order.
    const early = await call(
      `/api/v1/demo/empfehlung/${shared.nr}/produkt/produktlink?empfaengernummer=${Empfaengernummer}`,
    )
    expectError(early, 403, 'NichtAuthorisiert')

    const confirmed = await call('/api/v1/demo/empfaenger/bestaetigen', {
      method: 'PUT',
      body: { Token: token },
    })
    expect(confirmed.status).toBe(200)
    const answer = confirmRecipientResponseSchema.parse(confirmed.json)
    expect(answer).toMatchObject({ Empfaengernummer, Empfehlungsnummer: shared.nr, Zugestimmt: false })
    expectError(
      await call('/api/v1/demo/empfaenger/bestaetigen', { method: 'PUT', body: { Token: token } }),
      409,
      'TokenBereitsVerwendet',
    )

    const consent = await call('/api/v1/demo/empfaenger/zustimmung', {
      method: 'PUT',
      token: answer.Token,
      body: { AgbText: AGB },
    })
    expect(consent.status).toBe(200)
    // The reward the friend can expect: the whole 70 €, capped by the demo tenant's 55 €.
    const reward = await call(`/api/v1/demo/empfaenger/${Empfaengernummer}/praemie/`, {
      token: answer.Token,
      redirect: 'follow',
    })
    expect(reward.json).toEqual({
      Empfaengernummer,
      Empfehlungsnummer: shared.nr,
      ErwartetePraemieCent: 5500,
      Praemien: [],
    })
    expectError(
      await call('/api/v1/demo/empfaenger/ABCDEFGHJK/praemie', { token: answer.Token }),
      404,
      'NichtGefunden',
    )
    expectError(await call(`/api/v1/demo/empfaenger/${Empfaengernummer}/praemie`), 401, 'PSOF0204')
    const order = recipientOrderSchema.parse(
      (await call('/api/v1/demo/empfaenger/auftrag', { token: answer.Token })).json,
    )
    expect(order).toEqual({
      Empfaengernummer,
      Empfehlungsnummer: shared.nr,
      Produkt: { Id: 462, AnzeigeName: 'Lumenta Zuhause M' },
      Zugestimmt: true,
      Auftrag: null,
    })
    expect(storedRecipientSchema.parse((await call(`/api/v1/demo/empfaenger/${Hex}`)).json)).toMatchObject({
      Bestaetigt: true,
      Zugestimmt: true,
    })

    const link = await call(
      `/api/v1/demo/empfehlung/${shared.nr}/produkt/produktlink?channel=whatsapp&empfaengernummer=${Empfaengernummer}`,
    )
    expect(link.status).toBe(302)
    const target = new URL(link.headers.get('location')!)
    expect(target.origin + target.pathname).toMatch(/^https:\/\/www\.lumenta\.example\/bestellen\/LUM-/)
    expect(Object.fromEntries(target.searchParams)).toEqual({
      empfehlung: shared.nr,
      empfaenger: Empfaengernummer,
      kanal: 'whatsapp',
    })
  })

  it('sends a new confirmation mail when the same person sends the form again for the same recommendation', async () => {
    const own = await sharedRecommendation('wiederholt')
    const data = person()
    const first = createdRecipientSchema.parse((await create(own.nr, data)).json)
    const mail = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    const again = await create(own.nr, data)
    // The marker that may redirect the mail is the first browser's only.
    expect(createdRecipientSchema.parse(again.json)).toEqual({
      Empfaengernummer: first.Empfaengernummer,
      Hex: null,
    })
    const second = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [mail.Id] })
    // The new link works, the first no longer does.
    expectError(
      await call('/api/v1/demo/empfaenger/bestaetigen', {
        method: 'PUT',
        body: { Token: linkFrom(mail, portalPath('demo', 'empfaengerbestaetigung')) },
      }),
      410,
      'Abgelaufen',
    )
    const ok = await call('/api/v1/demo/empfaenger/bestaetigen', {
      method: 'PUT',
      body: { Token: linkFrom(second, portalPath('demo', 'empfaengerbestaetigung')) },
    })
    expect(ok.status).toBe(200)
  })
})

describe('one person, one recommendation', () => {
  it('refuses the same e-mail, phone, or name and address on another recommendation (the first one wins)', async () => {
    const other = await sharedRecommendation('zweite', { produkt: 531 })
    const data = person()
    expect((await create(shared.nr, data)).status).toBe(200)
    expectError(
      await create(other.nr, { ...person(), email: data.email.toUpperCase() }),
      409,
      'EmpfaengerExistiert',
    )
    expectError(
      await create(other.nr, { ...person(), telefon: data.telefon.replace('+49 ', '0') }),
      409,
      'EmpfaengerExistiert',
    )
    expectError(
      await create(other.nr, {
        ...person(),
        vorname: data.vorname.toUpperCase(),
        name: data.name,
        adresse: { ...data.adresse, strasse: 'Lindenweg ' },
      }),
      409,
      'EmpfaengerExistiert',
    )
  })

  it('refuses the referrer as the recipient', async () => {
    expectError(
      await create(shared.nr, person({ email: shared.email })),
      400,
      'EmailEmpfehlerGleichEmpfaenger',
    )
  })
})

describe('refusals', () => {
  it('answers malformed data with 400 and stores nothing', async () => {
    const base = person()
    const bodies: unknown[] = [
      {},
      '{"anrede":',
      { ...base, geburtsdatum: '1990-02-30' },
      { ...base, geburtsdatum: '17.05.1990' },
      { ...base, geburtsdatum: new Date(Date.now() - 17 * 365 * 86_400_000).toISOString().slice(0, 10) },
      { ...base, geburtsdatum: '1890-05-17' },
      { ...base, anrede: 'Firma' },
      { ...base, telefon: '12' },
      { ...base, adresse: { ...base.adresse, plz: '1011' } },
      { ...base, adresse: { ...base.adresse, plz: '00123' } },
      { ...base, adresse: { ...base.adresse, hausnummer: '<b>' } },
      { ...base, vorname: '' },
      { ...base, werbeeinwilligung: 'ja' },
    ]
    for (const body of bodies) expectError(await create(shared.nr, body), 400, 'UngueltigeEingabe')
    expectError(await create(shared.nr, { ...base, email: 'kein-at' }), 400, 'EmailUngueltig')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mailsTo('demo', base.email)).toEqual([])
  })

  it('answers unknown, malformed and blocked recommendations', async () => {
    expectError(await create('ABCDEFGHJK', person()), 404, 'NichtGefunden')
    expectError(await create('kurz', person()), 400, 'UngueltigeEingabe')
    const blocked = await sharedRecommendation('gesperrt-empfaenger')
    await lockAccount('demo', blocked.email)
    expectError(await create(blocked.nr, person()), 410, 'EmpfehlungGesperrt')
  })

  it('refuses the consent and order calls without the recipient’s own token', async () => {
    expectError(
      await call('/api/v1/demo/empfaenger/zustimmung', { method: 'PUT', body: { AgbText: AGB } }),
      401,
      'PSOF0204',
    )
    expectError(await call('/api/v1/demo/empfaenger/auftrag'), 401, 'PSOF0204')
    // A referrer's token is not a recipient's.
    const referrer = await registerAccount('demo', { label: 'kein-empfaenger' })
    expectError(
      await call('/api/v1/demo/empfaenger/zustimmung', {
        method: 'PUT',
        token: referrer.user.token,
        body: { AgbText: AGB },
      }),
      403,
      'NichtAuthorisiert',
    )
    // Another tenant's recipient token, and one for nobody.
    const foreign = issueToken({ ten: 'demo-closed', sub: randomUUID(), role: 'recipient' })
    expectError(await call('/api/v1/demo/empfaenger/auftrag', { token: foreign }), 401, 'PSOF0204')
    const nobody = issueToken({ ten: 'demo', sub: randomUUID(), role: 'recipient' })
    expectError(await call('/api/v1/demo/empfaenger/auftrag', { token: nobody }), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/empfaenger/zustimmung', {
        method: 'PUT',
        token: nobody,
        body: { AgbText: '' },
      }),
      401,
      'PSOF0204',
    )
  })

  it('answers unknown and malformed markers and confirmation tokens', async () => {
    expectError(await call(`/api/v1/demo/empfaenger/${'0'.repeat(32)}`), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo/empfaenger/nicht-hex'), 400, 'UngueltigeEingabe')
    expectError(
      await call('/api/v1/demo/empfaenger/bestaetigen', { method: 'PUT', body: { Token: 'x' } }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call('/api/v1/demo/empfaenger/bestaetigen', { method: 'PUT', body: { Token: 'B'.repeat(43) } }),
      410,
      'Abgelaufen',
    )
  })
})

describe('POST tracking/abschliessen', () => {
  const complete = (nr: string, token?: string, data = person()) =>
    call('/api/v1/demo/tracking/abschliessen?channel=co&einsprungsquelle=Einsprungslink', {
      method: 'POST',
      token,
      headers: uniqueClientIp(),
      body: {
        empfehlungsnummer: nr,
        empfaengernummer: '',
        empfaengerdaten: { ...data, geburtsdatum: `${data.geburtsdatum}T00:00:00Z` },
      },
    })

  it("records a recipient the agency's sales person took on, with the SPEC payload and who it was", async () => {
    // A recommendation of the demo agency (its agent's number), completed by the agency's employee.
    const own = await sharedRecommendation('sales', { agentNumber: 'SV-1001' })
    const employee = await agencySignIn('demo', AGENCY_LOGINS.employee)
    const response = await complete(own.nr, employee.token)
    expect(response.status).toBe(200)
    const { Empfaengernummer } = createdRecipientSchema.parse(response.json)
    expect(Empfaengernummer).toMatch(/^[0-9A-Z]{10}$/)
    const leads = await call('/api/v1/demo/agentur/leads/liste', {
      method: 'PUT',
      token: employee.token,
      body: { Filter: { Suche: Empfaengernummer } },
    })
    expect((leads.json as { Content: unknown[] }).Content).toHaveLength(1)
    if (process.env.DATABASE_URL === undefined) return
    const { getDb } = await import('@/lib/engine/db')
    const { recipients } = await import('@/lib/db/schema')
    const { eq } = await import('drizzle-orm')
    const [row] = await (
      await getDb()
    )
      .select()
      .from(recipients)
      .where(eq(recipients.empfaengernummer, Empfaengernummer))
    expect(row?.completedBy).toBe(claimsOf(employee.token).sub)
  })

  it('is refused without an agency token, and for a recommendation of no or another agency', async () => {
    const employee = await agencySignIn('demo', AGENCY_LOGINS.employee)
    expectError(await complete(shared.nr), 401, 'PSOF0204')
    expectError(await complete(shared.nr, shared.token), 403, 'NichtAuthorisiert')
    expectError(await complete(shared.nr, employee.token), 404, 'NichtGefunden')
    expectError(
      await call('/api/v1/demo/tracking/abschliessen', {
        method: 'POST',
        token: employee.token,
        body: { empfehlungsnummer: shared.nr },
      }),
      400,
      'UngueltigeEingabe',
    )
  })
})

describe('POST /empfaenger/bankdaten', () => {
  /** A confirmed recipient of the shared recommendation and their own token. */
  async function confirmedRecipient() {
    const data = person()
    expect((await create(shared.nr, data)).status).toBe(200)
    const mail = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    const confirmed = await call('/api/v1/demo/empfaenger/bestaetigen', {
      method: 'PUT',
      body: { Token: linkFrom(mail, portalPath('demo', 'empfaengerbestaetigung')) },
    })
    return confirmRecipientResponseSchema.parse(confirmed.json).Token
  }

  it('stores IBAN and holder and answers them masked', async () => {
    const token = await confirmedRecipient()
    const saved = await call('/api/v1/demo/empfaenger/bankdaten', {
      method: 'POST',
      token,
      body: { IBAN: 'de89 3704 0044 0532 0130 00', Kontoinhaber: 'Mara Muster' },
    })
    expect({ status: saved.status, body: saved.json }).toEqual({
      status: 200,
      body: { IBAN: 'DE89 •••• •••• •••• ••30 00', Kontoinhaber: 'M••• M•••••' },
    })
    expect(saved.text).not.toContain('053201')
    // Saving again replaces the account.
    const again = await call('/api/v1/demo/empfaenger/bankdaten', {
      method: 'POST',
      token,
      body: { IBAN: 'AT611904300234573201', Kontoinhaber: 'Mara Muster' },
    })
    expect(again.status).toBe(200)
  })

  it('refuses an invalid IBAN and malformed input', async () => {
    const token = await confirmedRecipient()
    const post = (body: unknown) => call('/api/v1/demo/empfaenger/bankdaten', { method: 'POST', token, body })
    for (const IBAN of [
      'DE89370400440532013001',
      'XX89370400440532013000',
      'DE8937040044053201300',
      'DE89 3704 O044',
    ])
      expectError(await post({ IBAN, Kontoinhaber: 'Mara Muster' }), 400, 'IbanUngueltig')
    expectError(await post({ IBAN: 'DE89370400440532013000' }), 400, 'UngueltigeEingabe')
    expectError(await post({ IBAN: 'DE89370400440532013000', Kontoinhaber: 'M' }), 400, 'UngueltigeEingabe')
  })

  it('answers the SPEC’s bank-data text without the recipient’s own token', async () => {
    const body = { IBAN: 'DE89370400440532013000', Kontoinhaber: 'Mara Muster' }
    expectError(
      await call('/api/v1/demo/empfaenger/bankdaten', { method: 'POST', body }),
      403,
      'BankdatenNichtAutorisiert',
    )
    expectError(
      await call('/api/v1/demo/empfaenger/bankdaten', {
        method: 'POST',
        body,
        token: 'falsch.falsch.falsch',
      }),
      403,
      'BankdatenNichtAutorisiert',
    )
    const referrer = await registerAccount('demo', { label: 'bank-referrer' })
    expectError(
      await call('/api/v1/demo/empfaenger/bankdaten', { method: 'POST', body, token: referrer.user.token }),
      403,
      'BankdatenNichtAutorisiert',
    )
    const foreign = issueToken({ ten: 'demo-closed', sub: randomUUID(), role: 'recipient' })
    expectError(
      await call('/api/v1/demo/empfaenger/bankdaten', { method: 'POST', body, token: foreign }),
      403,
      'BankdatenNichtAutorisiert',
    )
  })
})
