import {
  confirmRecipientResponseSchema,
  createdRecipientSchema,
  resentRecipientConfirmationSchema,
  storedRecipientSchema,
  type RecipientDataInput,
} from '@/lib/contracts/recipient'
import { call, expectError, uniqueClientIp } from '../support/http'
import { portalPath, releaseRegisteredAccounts } from '../support/accounts'
import { recipientPerson } from '../support/recipients'
import { linkFrom, linksOf, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { sharedRecommendation } from '../support/recommendations'
import { confirmedFriend, daysAgo, orderNumber, reportOrders } from '../support/rewards'
import { BASE_URL } from '../support/test-server'

// The friend's mails over HTTP: the confirmation mail again or to a corrected address
// (POST /empfaenger/{hex}/bestaetigungsmail), and the referrer's status mails when the friend acts.

const CONFIRM_SUBJECT = /^Bitte bestätigen Sie Ihre Daten|^Please confirm your details/
const CONFIRMED_SUBJECT = / hat die Empfehlung angenommen$| has accepted your recommendation$/
const ORDERED_SUBJECT = / hat .+ bestellt$| has ordered /

const person = (overrides: Partial<RecipientDataInput> = {}) => recipientPerson('tippfehler', overrides)

async function created(nr: string, data: RecipientDataInput) {
  const answer = await call(`/api/v1/demo/empfaenger/create/${nr}`, {
    method: 'POST',
    body: data,
    headers: uniqueClientIp(),
  })
  expect(answer.status).toBe(200)
  const body = createdRecipientSchema.parse(answer.json)
  // A new recipient: the answer carries the marker of the browser that saved the data.
  expect(body.Hex).toMatch(/^[0-9a-f]{32}$/)
  return { ...body, Hex: body.Hex! }
}

const resend = (hex: string, body: unknown = {}, tenant = 'demo') =>
  call(`/api/v1/${tenant}/empfaenger/${hex}/bestaetigungsmail`, { method: 'POST', body })

const confirm = (token: string) =>
  call('/api/v1/demo/empfaenger/bestaetigen', { method: 'PUT', body: { Token: token } })

const tokenOf = (mail: Awaited<ReturnType<typeof waitForMail>>) =>
  linkFrom(mail, portalPath('demo', 'empfaengerbestaetigung'))

afterAll(releaseRegisteredAccounts)

describe('POST /empfaenger/{hex}/bestaetigungsmail', () => {
  it('mails the link again; the new link works, the old one no longer', async () => {
    const shared = await sharedRecommendation('nochmal-senden', {
      anteil: 100,
      vorname: 'Lena',
      nachname: 'Schröder',
    })
    const data = person()
    const { Hex } = await created(shared.nr, data)
    const first = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    // The referrer is named as on the landing: first name and initial.
    expect(first.Text).toContain('Lena S. hat Ihnen Lumenta Zuhause M von Lumenta Telekom empfohlen')
    expect(first.Text).not.toContain('Schröder')

    const again = await resend(Hex)
    expect(again.status).toBe(200)
    expect(resentRecipientConfirmationSchema.parse(again.json)).toEqual({ Email: data.email })
    const second = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [first.Id] })
    expectError(await confirm(tokenOf(first)), 410, 'Abgelaufen')
    expect((await confirm(tokenOf(second))).status).toBe(200)
    // Confirmed: the proven address stays.
    expectError(await resend(Hex, { Email: uniqueTestEmail('spaeter') }), 409, 'EmpfaengerBereitsBestaetigt')
  })

  it('sends a friend who confirmed but has not agreed yet a new link to the consent, once; none after the consent', async () => {
    const shared = await sharedRecommendation('neuer-link')
    const data = person()
    const { Hex } = await created(shared.nr, data)
    const first = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    const confirmed = await confirm(tokenOf(first))
    expect(confirmed.status).toBe(200)
    expectError(await confirm(tokenOf(first)), 409, 'TokenBereitsVerwendet')

    // His session lapsed on another device before the consent: a new link, to the address he proved.
    expect(resentRecipientConfirmationSchema.parse((await resend(Hex)).json)).toEqual({ Email: data.email })
    const second = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [first.Id] })
    const again = await confirm(tokenOf(second))
    expect(again.status).toBe(200)
    const answer = confirmRecipientResponseSchema.parse(again.json)
    expect(answer).toMatchObject({ Empfehlungsnummer: shared.nr, Zugestimmt: false })
    // The new link is used once too; the old one no longer works.
    expectError(await confirm(tokenOf(second)), 409, 'TokenBereitsVerwendet')
    expectError(await confirm(tokenOf(first)), 410, 'Abgelaufen')

    // Sending the form again also mails a new link before the consent.
    const sentAgain = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
      method: 'POST',
      body: data,
      headers: uniqueClientIp(),
    })
    expect(createdRecipientSchema.parse(sentAgain.json).Hex).toBeNull()
    await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [first.Id, second.Id] })

    const consent = await call('/api/v1/demo/empfaenger/zustimmung', {
      method: 'PUT',
      token: answer.Token,
      body: { AgbText: 'Ich stimme den Teilnahmebedingungen zu.' },
    })
    expect(consent.status).toBe(200)
    // Agreed: nothing is left to confirm; the form sent again mails nothing more.
    expectError(await resend(Hex), 409, 'EmpfaengerBereitsBestaetigt')
    const afterConsent = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
      method: 'POST',
      body: data,
      headers: uniqueClientIp(),
    })
    expect(afterConsent.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mailsTo('demo', data.email)).toHaveLength(3)
    // The referrer heard once that the friend confirmed.
    const status = await mailsTo('demo', shared.email)
    expect(status.filter((m) => CONFIRMED_SUBJECT.test(m.Betreff))).toHaveLength(1)
  })

  it('sends the link to a corrected address only; the mistyped one gets nothing more', async () => {
    const shared = await sharedRecommendation('korrigieren')
    const data = person({ email: uniqueTestEmail('vertippt') })
    const { Hex } = await created(shared.nr, data)
    const wrong = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    const corrected = uniqueTestEmail('richtig').toUpperCase()
    const answer = await resend(Hex, { Email: corrected })
    expect(answer.status).toBe(200)
    expect(resentRecipientConfirmationSchema.parse(answer.json)).toEqual({ Email: corrected.toLowerCase() })
    const right = await waitForMail('demo', corrected.toLowerCase(), { subject: CONFIRM_SUBJECT })
    expect((await mailsTo('demo', data.email)).map((m) => m.Id)).toEqual([wrong.Id])
    // The link of the mistyped address no longer works; the corrected one does.
    expectError(await confirm(tokenOf(wrong)), 410, 'Abgelaufen')
    const ok = await confirm(tokenOf(right))
    expect(ok.status).toBe(200)
    expect(confirmRecipientResponseSchema.parse(ok.json).Empfehlungsnummer).toBe(shared.nr)
    expect(storedRecipientSchema.parse((await call(`/api/v1/demo/empfaenger/${Hex}`)).json).Bestaetigt).toBe(
      true,
    )
  })

  it('lets nobody who knows the friend’s e-mail and the number redirect the confirmation', async () => {
    const shared = await sharedRecommendation('umleiten')
    const data = person()
    const { Hex, Empfaengernummer } = await created(shared.nr, data)
    const first = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    // Someone else sends the friend's data again (the referrer knows the number and the address): the
    // mail goes once more to the friend's address, and the answer holds no marker to redirect it with.
    const again = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
      method: 'POST',
      body: data,
      headers: uniqueClientIp(),
    })
    expect(createdRecipientSchema.parse(again.json)).toEqual({ Empfaengernummer, Hex: null })
    const second = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [first.Id] })
    // The friend's own browser still holds its marker, and the friend confirms.
    expect((await resend(Hex)).status).toBe(200)
    const third = await waitForMail('demo', data.email, {
      subject: CONFIRM_SUBJECT,
      except: [first.Id, second.Id],
    })
    expect((await confirm(tokenOf(third))).status).toBe(200)
  })

  it('keeps the creation rules for the corrected address', async () => {
    const shared = await sharedRecommendation('regeln')
    const data = person()
    const { Hex } = await created(shared.nr, data)
    await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    // Not the referrer's address, not another recipient's, not malformed.
    expectError(await resend(Hex, { Email: shared.email }), 400, 'EmailEmpfehlerGleichEmpfaenger')
    const other = person()
    await created(shared.nr, other)
    expectError(await resend(Hex, { Email: other.email }), 409, 'EmpfaengerExistiert')
    expectError(await resend(Hex, { Email: 'kein-at' }), 400, 'EmailUngueltig')
    expectError(await resend(Hex, { Email: 42 }), 400, 'UngueltigeEingabe')
  })

  it('refuses unknown and malformed markers, another tenant, and more than three mails an hour', async () => {
    expectError(await resend('0'.repeat(32)), 404, 'NichtGefunden')
    expectError(await resend('nicht-hex'), 400, 'UngueltigeEingabe')
    const shared = await sharedRecommendation('grenze')
    const data = person()
    const { Hex } = await created(shared.nr, data)
    expectError(await resend(Hex, {}, 'demo-closed'), 404, 'NichtGefunden')
    // The mail of the creation counts: two more, then the limit.
    expect((await resend(Hex)).status).toBe(200)
    expect((await resend(Hex)).status).toBe(200)
    expectError(await resend(Hex), 429, 'ZuVieleAnfragen')
    // Sending the form again within the hour mails nothing more either.
    const again = await call(`/api/v1/demo/empfaenger/create/${shared.nr}`, {
      method: 'POST',
      body: data,
      headers: uniqueClientIp(),
    })
    expect(createdRecipientSchema.parse(again.json).Hex).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mailsTo('demo', data.email)).toHaveLength(3)
  })
})

describe('POST /empfaenger/neuerlink (the used confirmation link on another device)', () => {
  const renew = (Token: unknown, tenant = 'demo') =>
    call(`/api/v1/${tenant}/empfaenger/neuerlink`, { method: 'POST', body: { Token } })

  it('mails a new link to the proven address, before and after the consent; the old link ends', async () => {
    const shared = await sharedRecommendation('anderes-geraet')
    const data = person()
    await created(shared.nr, data)
    const first = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    expect((await confirm(tokenOf(first))).status).toBe(200)
    expectError(await confirm(tokenOf(first)), 409, 'TokenBereitsVerwendet')

    // On a laptop, the used link asks for a new one: it goes to the friend's address, the answer names none.
    const renewed = await renew(tokenOf(first))
    expect({ status: renewed.status, body: renewed.json }).toEqual({ status: 200, body: { ok: true } })
    const second = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT, except: [first.Id] })
    expectError(await confirm(tokenOf(first)), 410, 'Abgelaufen')
    const there = confirmRecipientResponseSchema.parse((await confirm(tokenOf(second))).json)
    expect(there).toMatchObject({ Empfehlungsnummer: shared.nr, Zugestimmt: false })
    const consent = await call('/api/v1/demo/empfaenger/zustimmung', {
      method: 'PUT',
      token: there.Token,
      body: { AgbText: 'Ich stimme den Teilnahmebedingungen zu.' },
    })
    expect(consent.status).toBe(200)

    // Agreed, on yet another device: a new link leads to the order.
    expect((await renew(tokenOf(second))).status).toBe(200)
    const third = await waitForMail('demo', data.email, {
      subject: CONFIRM_SUBJECT,
      except: [first.Id, second.Id],
    })
    const again = confirmRecipientResponseSchema.parse((await confirm(tokenOf(third))).json)
    expect(again).toMatchObject({ Empfehlungsnummer: shared.nr, Zugestimmt: true })
    // Three mails within the hour: no more.
    expectError(await renew(tokenOf(third)), 429, 'ZuVieleAnfragen')
  })

  it('refuses a link never issued, another tenant’s, and malformed input', async () => {
    const shared = await sharedRecommendation('neuer-link-fremd')
    const data = person()
    await created(shared.nr, data)
    const first = await waitForMail('demo', data.email, { subject: CONFIRM_SUBJECT })
    expectError(await renew('A'.repeat(43)), 410, 'Abgelaufen')
    expectError(await renew(tokenOf(first), 'demo-closed'), 410, 'Abgelaufen')
    for (const token of ['kurz', 42, null]) expectError(await renew(token), 400, 'UngueltigeEingabe')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await mailsTo('demo', data.email)).toHaveLength(1)
  })
})

describe("the referrer's status mails when the friend acts", () => {
  it('tells the referrer once that the friend confirmed, and once that he ordered', async () => {
    const shared = await sharedRecommendation('status-mails', { vorname: 'Lena', nachname: 'Schröder' })
    const friend = await confirmedFriend(shared)
    const confirmedMail = await waitForMail('demo', shared.email, { subject: CONFIRMED_SUBJECT })
    expect(confirmedMail.Betreff).toMatch(/^Felix F\. hat die Empfehlung angenommen$/)
    expect(confirmedMail.Text).toContain('Felix F. ist Ihrer Empfehlung für Lumenta Zuhause M gefolgt')
    // Its button leads to the personal area of the portal it is served on, and no link to another one.
    const links = linksOf(confirmedMail)
    expect(links.map(String)).toContain(`${BASE_URL}/demo/persoenlicherbereich`)
    for (const link of links.filter((l) => ['localhost', '127.0.0.1'].includes(l.hostname)))
      expect(link.origin).toBe(BASE_URL)

    const order = {
      Auftragsnummer: orderNumber(),
      Empfaengernummer: friend.empfaengernummer,
      ProduktId: 462,
      Auftragsdatum: daysAgo(0),
      Status: 'Offen',
    }
    expect((await reportOrders('demo', [order])).status).toBe(200)
    const orderedMail = await waitForMail('demo', shared.email, { subject: ORDERED_SUBJECT })
    expect(orderedMail.Betreff).toBe('Felix F. hat Lumenta Zuhause M bestellt')
    // The same report again, and the order's later states, send nothing more.
    expect((await reportOrders('demo', [order])).status).toBe(200)
    expect((await reportOrders('demo', [{ ...order, Status: 'Storniert' }])).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const mails = await mailsTo('demo', shared.email)
    expect(mails.filter((m) => CONFIRMED_SUBJECT.test(m.Betreff))).toHaveLength(1)
    expect(mails.filter((m) => ORDERED_SUBJECT.test(m.Betreff))).toHaveLength(1)
  })

  it('writes in the referrer’s language and names no more of the friend than first name and initial', async () => {
    const shared = await sharedRecommendation('status-en')
    const lang = await call('/api/v1/demo/account/updateLanguage', {
      method: 'POST',
      token: shared.token,
      body: { Language: 'en' },
    })
    expect(lang.status).toBe(200)
    await confirmedFriend(shared)
    const mail = await waitForMail('demo', shared.email, { subject: CONFIRMED_SUBJECT })
    expect(mail.Betreff).toBe('Felix F. has accepted your recommendation')
    expect(mail.Text).not.toMatch(/Freund-/)
    expect(linksOf(mail).map(String)).toContain(`${BASE_URL}/demo/en/persoenlicherbereich`)
  })
})
