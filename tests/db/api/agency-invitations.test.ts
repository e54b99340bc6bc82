import {
  invitationDataSchema,
  invitationReportSchema,
  invitationSchema,
  invitationToolSchema,
  type InvitationRequest,
} from '@/lib/contracts/invitation'
import { recommendationReportSchema } from '@/lib/contracts/agency'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login, uniqueClientIp } from '../support/http'
import { uniqueTestEmail, waitForMail } from '../support/mailbox'
import { releaseRegisteredAccounts, trackForRelease } from '../support/accounts'
import { confirmByOptInMail, recommendWithoutLogin } from '../support/recommendations'

// Invitations (SPEC §3 Agent invitation payload, §6 Einladungstool, §7.1 PUT Einladung, GET
// Einladung/daten, agentur/einladungen; issue 17): an agency's employee invites a customer after a
// conversation; the mailed link fills the portal in; the agency sees what became of it.

const INVITE = '/api/v1/demo/Einladung'
const LIST = '/api/v1/demo/agentur/einladungen/liste'
const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

const emails: string[] = []
function customer(overrides: Partial<InvitationRequest> = {}): InvitationRequest {
  const email = uniqueTestEmail('invited')
  emails.push(email)
  return {
    Vorname: 'Greta',
    Nachname: 'Albers',
    Email: email,
    Art: 'VorOrt',
    Mitarbeiternummer: 'SV-M-101',
    ...overrides,
  }
}

const invite = async (body: unknown, who: keyof typeof AGENCY_LOGINS = 'employee', token?: string) =>
  call(INVITE, { method: 'PUT', token: token ?? (await tokenOf(who)), body, headers: uniqueClientIp() })

const report = async (filter: Record<string, string> = {}, who: keyof typeof AGENCY_LOGINS = 'owner') => {
  const response = await call(LIST, { method: 'PUT', token: await tokenOf(who), body: { Filter: filter } })
  expect(response.status).toBe(200)
  return invitationReportSchema.parse(response.json)
}
const rowOf = async (email: string) => (await report({ Suche: email })).Content[0]

/** The token of the invitation link in the newest invitation mail to the address. */
async function linkToken(email: string): Promise<string> {
  const mail = await waitForMail('demo', email, { subject: /Einladung/ })
  const token = /\/demo\/einladung\?t=([A-Za-z0-9_-]{43})/.exec(mail.Text)?.[1]
  if (!token) throw new Error(`no invitation link in "${mail.Betreff}"`)
  return token
}

afterAll(async () => {
  // A shared PostgreSQL keeps what a run wrote (a fresh PGlite goes with the run, and is the server's alone).
  if (process.env.DATABASE_URL) {
    const { getDb } = await import('@/lib/engine/db')
    const { agencyInvitations } = await import('@/lib/db/schema')
    const { inArray } = await import('drizzle-orm')
    const { clearCounter, counterKey } = await import('@/lib/engine/limits/counter')
    const db = await getDb()
    await db.delete(agencyInvitations).where(inArray(agencyInvitations.email, emails))
    // The per-employee day counter: the runs of one day must not add up to a captcha.
    for (const number of ['sv-m-101', 'sv-m-102'])
      await clearCounter(db, 'demo', counterKey('invite-employee', number))
  }
  await releaseRegisteredAccounts()
})

describe('PUT Einladung', () => {
  it('answers the captcha check without a body', async () => {
    const response = await call(INVITE, {
      method: 'PUT',
      token: await tokenOf('employee'),
      headers: uniqueClientIp(),
    })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ CaptchaRequired: false })
  })

  it('sends an employee’s invitation for their own number and mails the customer a link', async () => {
    const input = customer({ Art: 'Telefon', Email: undefined as never })
    const email = uniqueTestEmail('invited')
    emails.push(email)
    const response = await invite({ ...input, Email: ` ${email.toUpperCase()} ` })
    expect(response.status).toBe(200)
    const sent = invitationSchema.parse(response.json)
    expect(sent).toMatchObject({
      Email: email,
      Art: 'Telefon',
      Mitarbeiternummer: 'SV-M-101',
      Status: 'Versendet',
    })
    const mail = await waitForMail('demo', email, { subject: /Einladung/ })
    expect(mail.Betreff).toBe('Greta, Ihre Einladung zum Lumenta Freunde-Bonus')
    expect(mail.Text).toContain('Sonnenschein')
    expect(mail.Text).toMatch(/\/demo\/einladung\?t=[A-Za-z0-9_-]{43}&abmelden=1/)
    expect(await rowOf(email)).toEqual(sent)
  })

  it('lets an employee send only for their own number, an owner for every active employee', async () => {
    expectError(await invite(customer({ Mitarbeiternummer: 'SV-M-102' })), 400, 'MitarbeiternummerUnbekannt')
    expectError(
      await invite(customer({ Mitarbeiternummer: 'XX-999' }), 'owner'),
      400,
      'MitarbeiternummerUnbekannt',
    )
    const byOwner = await invite(customer({ Mitarbeiternummer: 'sv-m-102' }), 'owner')
    expect(byOwner.status).toBe(200)
    expect(invitationSchema.parse(byOwner.json).Mitarbeiternummer).toBe('SV-M-102')
    const tool = invitationToolSchema.parse(
      (await call('/api/v1/demo/agentur/einladungstool', { token: await tokenOf('employee') })).json,
    )
    expect(tool).toEqual({
      Mitarbeiter: [{ Mitarbeiternummer: 'SV-M-101', Name: 'Mia Mitarbeiter' }],
      Eigene: 'SV-M-101',
    })
    const ownerTool = invitationToolSchema.parse(
      (await call('/api/v1/demo/agentur/einladungstool', { token: await tokenOf('owner') })).json,
    )
    expect(ownerTool.Mitarbeiter.map((m) => m.Mitarbeiternummer)).toEqual(
      expect.arrayContaining(['SV-M-101', 'SV-M-102']),
    )
  })

  it('refuses the inactive owner, other tenants and forged tokens', async () => {
    expectError(await invite(customer(), 'inactiveOwner'), 403, 'NichtAuthorisiert')
    expectError(
      await invite(customer(), 'employee', await tokenOf('otherAgency', 'demo-closed')),
      401,
      'PSOF0204',
    )
    expectError(await invite(customer(), 'employee', 'forged.token.value'), 401, 'PSOF0204')
  })

  it('takes the employee form without a token where the tenant has ModuleCompanyRecommendation', async () => {
    // A fresh database seeds demo with the module; a shared PostgreSQL keeps the settings it was seeded
    // with: without the module the call does not exist there.
    const config = await call('/api/v1/mandant/demo')
    if (
      (config.json as { Settings: { ModuleCompanyRecommendation?: boolean } }).Settings
        .ModuleCompanyRecommendation !== true
    ) {
      expectError(
        await call(INVITE, { method: 'PUT', body: customer(), headers: uniqueClientIp() }),
        404,
        'NichtGefunden',
      )
      return
    }
    // Any active employee number of the tenant's agencies.
    const input = customer({ Mitarbeiternummer: 'sv-m-101' })
    const sent = await call(INVITE, { method: 'PUT', body: input, headers: uniqueClientIp() })
    expect(sent.status).toBe(200)
    expect(invitationSchema.parse(sent.json)).toMatchObject({
      Mitarbeiternummer: 'SV-M-101',
      Status: 'Versendet',
    })
    const mail = await waitForMail('demo', input.Email, { subject: /Einladung/ })
    expect(mail.Text).toContain('Sonnenschein Vertrieb GmbH')
    expect((await call(INVITE, { method: 'PUT', headers: uniqueClientIp() })).json).toEqual({
      CaptchaRequired: false,
    })
    expectError(
      await call(INVITE, {
        method: 'PUT',
        body: customer({ Mitarbeiternummer: 'XX-404' }),
        headers: uniqueClientIp(),
      }),
      400,
      'MitarbeiternummerUnbekannt',
    )
    // A referrer's token changes nothing: it is the form, not the agency area.
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expect((await invite(customer(), 'employee', referrer.token)).status).toBe(200)
    // demo-closed has no such form: the call does not exist there.
    expectError(
      await call(INVITE.replace('/demo/', '/demo-closed/'), {
        method: 'PUT',
        body: customer(),
        headers: uniqueClientIp(),
      }),
      404,
      'NichtGefunden',
    )
  })

  it('refuses malformed input with 400 and stores nothing', async () => {
    const before = (await report({}, 'owner')).TotalCount
    const good = customer()
    for (const body of [
      {},
      { ...good, Email: 'keine-adresse' },
      { ...good, Art: 'Brief' },
      { ...good, Vorname: '' },
      { ...good, Nachname: 'Albers\u202e' },
      { ...good, Vorname: 'Visit http://evil.example' },
      { ...good, Mitarbeiternummer: 'SV M 101' },
      { ...good, Extra: true },
      '[1,2',
    ]) {
      const response = await invite(body)
      expect(response.status).toBe(400)
    }
    expect((await report({}, 'owner')).TotalCount).toBe(before)
  })

  it('does not invite an address twice within the pause', async () => {
    const input = customer()
    expect((await invite(input)).status).toBe(200)
    expectError(await invite({ ...input, Vorname: 'Grete' }, 'owner'), 409, 'EinladungExists')
  })
})

describe('the invited customer', () => {
  it('opens the link as often as they like, is filled in, and recommends for the agency', async () => {
    const input = customer({ Vorname: 'Paul', Nachname: 'Brandt' })
    expect((await invite(input)).status).toBe(200)
    const t = await linkToken(input.Email)
    for (let i = 0; i < 2; i++) {
      const opened = await call(`/api/v1/demo/Einladung/daten?t=${t}`)
      expect(opened.status).toBe(200)
      expect(invitationDataSchema.parse(opened.json)).toMatchObject({
        Vorname: 'Paul',
        Nachname: 'Brandt',
        Email: input.Email,
        Agentur: 'Sonnenschein Vertrieb GmbH',
        Abgemeldet: false,
      })
    }
    expect((await rowOf(input.Email))?.Status).toBe('Geoeffnet')

    trackForRelease('demo', input.Email)
    const created = await recommendWithoutLogin('demo', input.Email, {
      vorname: 'Paul',
      nachname: 'Brandt',
      anteil: 100,
    })
    expectError(created, 409, 'OptInRequired')
    const { Empfehlungsnummer } = await confirmByOptInMail('demo', input.Email)
    const row = await rowOf(input.Email)
    expect(row).toMatchObject({ Status: 'Empfohlen' })
    expect(row?.RegistriertAm).not.toBeNull()
    // No agent number: the recommendation is the inviting agency's.
    const recommendations = await call('/api/v1/demo/agentur/empfehlungen/liste', {
      method: 'PUT',
      token: await tokenOf('owner'),
      body: { Filter: { Suche: Empfehlungsnummer } },
    })
    expect(recommendationReportSchema.parse(recommendations.json).Content).toHaveLength(1)
  })

  it('unsubscribes by the mailed link, after which the address is not invited again', async () => {
    const input = customer()
    expect((await invite(input)).status).toBe(200)
    const t = await linkToken(input.Email)
    for (let i = 0; i < 2; i++) {
      const response = await call('/api/v1/demo/Einladung/abmelden', { method: 'PUT', body: { t } })
      expect(response.status).toBe(200)
    }
    expect((await rowOf(input.Email))?.Status).toBe('Abgemeldet')
    expect(
      invitationDataSchema.parse((await call(`/api/v1/demo/Einladung/daten?t=${t}`)).json).Abgemeldet,
    ).toBe(true)
    expectError(await invite(input, 'owner'), 409, 'EinladungAbgemeldet')
  })

  it('refuses unknown, malformed and other tenants’ links', async () => {
    const unknown = 'A'.repeat(43)
    expectError(await call(`/api/v1/demo/Einladung/daten?t=${unknown}`), 404, 'EinladungUngueltig')
    expectError(await call('/api/v1/demo/Einladung/daten?t=kurz'), 400, 'UngueltigeEingabe')
    expectError(
      await call('/api/v1/demo/Einladung/abmelden', { method: 'PUT', body: { t: unknown } }),
      404,
      'EinladungUngueltig',
    )
    const input = customer()
    expect((await invite(input)).status).toBe(200)
    const t = await linkToken(input.Email)
    expectError(await call(`/api/v1/demo-closed/Einladung/daten?t=${t}`), 404, 'EinladungUngueltig')
  })
})

describe('agentur/einladungen', () => {
  it('lists the agency’s invitations for every role, filtered, and as CSV; never another agency’s', async () => {
    const input = customer({ Vorname: 'Ida', Nachname: 'Conrad' })
    expect((await invite(input)).status).toBe(200)
    for (const who of ['owner', 'inactiveOwner', 'employee'] as const) {
      const page = await report({ Suche: input.Email }, who)
      expect(page.Content.map((row) => row.Email)).toEqual([input.Email])
    }
    const sent = await report({ Status: 'Versendet', Agent: 'SV-M-101' })
    expect(
      sent.Content.every((row) => row.Status === 'Versendet' && row.Mitarbeiternummer === 'SV-M-101'),
    ).toBe(true)
    // The demo agency's seeded invitations show every state.
    const states = new Set((await report({})).Content.map((row) => row.Status))
    expect(states.size).toBeGreaterThan(2)
    const csv = await call('/api/v1/demo/agentur/einladungen/csv', {
      method: 'PUT',
      token: await tokenOf('owner'),
      body: { Filter: { Suche: input.Email } },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Eingeladen am;Vorname;Nachname;E-Mail;Gespräch;Mitarbeiternummer;Status;Geöffnet am;Registriert am;Erste Empfehlung am',
    )
    // The screen's words for the kind and the state, the day and time as TT.MM.JJJJ HH:MM.
    const cells = lines[1]!.split(';')
    expect(cells[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
    expect(cells.slice(1)).toEqual([
      'Ida',
      'Conrad',
      input.Email,
      'Vor Ort',
      'SV-M-101',
      'Versendet',
      '',
      '',
      '',
    ])

    const other = await call(LIST.replace('/demo/', '/demo-closed/'), {
      method: 'PUT',
      token: await tokenOf('otherAgency', 'demo-closed'),
      body: { Filter: { Suche: input.Email } },
    })
    expect(invitationReportSchema.parse(other.json).Content).toEqual([])
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(
      await call(LIST, { method: 'PUT', token: referrer.token, body: {} }),
      403,
      'NichtAuthorisiert',
    )
    expectError(await call(LIST, { method: 'PUT', body: {} }), 401, 'PSOF0204')
    expectError(
      await call(LIST, { method: 'PUT', token: await tokenOf('owner'), body: { OrderBy: 'Geheim' } }),
      400,
      'UngueltigeEingabe',
    )
  })
})
