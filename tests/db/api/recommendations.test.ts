import { randomUUID } from 'node:crypto'
import { userSchema } from '@/lib/contracts/account'
import {
  captchaCheckSchema,
  recommendationSchema,
  recommendationsSchema,
  type CreateRecommendationInput,
} from '@/lib/contracts/recommendation'
import { issueToken } from '@/lib/engine/auth/token'
import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { call, expectError, uniqueClientIp } from '../support/http'
import {
  lockAccount,
  portalPath,
  registerAccount,
  releaseRegisteredAccounts,
  removeAccount,
  trackForRelease,
  type Tenant,
} from '../support/accounts'
import { linkFrom, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { confirmByOptInMail, OPTIN_SUBJECT } from '../support/recommendations'

// POST Empfehlen/create, the opt-in by mail link (PUT empfehler/teilnahme), GET empfehlen/{nr} and
// GET empfehler/empfehlungen/ over HTTP, on the demo tenants and their seeded catalogue.

const AGB = 'Ich akzeptiere die Teilnahmebedingungen und die Bedingungen für eine erfolgreiche Prämierung.'
const CREATED_SUBJECT = /ist bereit$|is ready$/

function payload(email: string, overrides: Partial<CreateRecommendationInput['Empfehlung']> = {}) {
  return {
    Empfehlung: {
      Produkt: 462,
      Channel: 'web',
      Empfehlungslink: true,
      AgbText: AGB,
      AnteilEmpfehler: 100,
      ...overrides,
    },
    Empfehler: { Vorname: 'Jest', Nachname: 'Empfehler', Email: email },
  }
}

function create(
  tenant: Tenant,
  body: unknown,
  options: { token?: string; query?: string; ip?: boolean; client?: Record<string, string> } = {},
) {
  return call(`/api/v1/${tenant}/Empfehlen/create${options.query ?? ''}`, {
    method: 'POST',
    body,
    token: options.token,
    headers: options.ip === false ? {} : (options.client ?? uniqueClientIp()),
  })
}

/** A new referrer's first recommendation up to the confirmed opt-in: answers the logged-in User and nr. */
async function recommendAndConfirm(tenant: Tenant, email: string, produkt = 462) {
  trackForRelease(tenant, email)
  const created = await create(tenant, payload(email, { Produkt: produkt }))
  expectError(created, 409, 'OptInRequired')
  return confirmByOptInMail(tenant, email)
}

const PER_IP_CAPTCHA = tenantSettingsSchema.parse(DEMO_TENANTS[0]!.settings).RecommendationLimits
  .PerIpPerHourCaptcha

afterAll(releaseRegisteredAccounts)

describe('POST Empfehlen/create as a new referrer', () => {
  it('registers the referrer, mails the opt-in link and makes the recommendation shareable after it', async () => {
    const email = uniqueTestEmail('empfehlung')
    const { User, Empfehlungsnummer, token, mail } = await recommendAndConfirm('demo', email)
    expect(mail.Betreff).toBe('Bitte bestätigen Sie Ihre Empfehlung: Lumenta Zuhause M')
    // A new account also gets the link to set its password (SPEC §1: credentials by e-mail).
    expect(linkFrom(mail, portalPath('demo', 'registrieren'))).toMatch(/^[\w-]{43}$/)
    expect(User.email).toBe(email)
    expect(Empfehlungsnummer).toMatch(/^[0-9A-Z]{10}$/)

    // The link is used once.
    const again = await call('/api/v1/demo/empfehler/teilnahme', { method: 'PUT', body: { Token: token } })
    expectError(again, 409, 'TokenBereitsVerwendet')

    // The share screen says the link was mailed: the confirmation mails it.
    const linkMail = await waitForMail('demo', email, { subject: CREATED_SUBJECT })
    expect(linkMail.Text).toContain(`/demo/empfehlung/${Empfehlungsnummer}`)

    const one = await call(`/api/v1/demo/empfehlen/${Empfehlungsnummer}`, { token: User.token })
    expect(one.status).toBe(200)
    const recommendation = recommendationSchema.parse(one.json)
    expect(recommendation).toMatchObject({
      Empfehlungsnummer,
      Status: 'Ok',
      Produkt: { Id: 462, AnzeigeName: 'Lumenta Zuhause M' },
      AnteilEmpfehler: 100,
      Channel: 'web',
      Code: expect.stringMatching(/^[A-Z0-9]{8}$/),
    })
    expect(recommendation.Link).toMatch(new RegExp(`/demo/empfehlung/${Empfehlungsnummer}$`))
    expect(recommendation.Hex).toMatch(/^[0-9a-f]{32}$/)
    expect(recommendation.Praemie?.WertCent).toBeGreaterThan(0)
    // Valid for 60 days from the confirmation (SPEC §4).
    const days = (Date.parse(recommendation.GueltigBis!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(59.9)
    expect(days).toBeLessThanOrEqual(60)

    const list = await call('/api/v1/demo/empfehler/empfehlungen/', { token: User.token, redirect: 'follow' })
    expect(list.status).toBe(200)
    expect(recommendationsSchema.parse(list.json).map((r) => r.Empfehlungsnummer)).toEqual([
      Empfehlungsnummer,
    ])
  })

  it('answers EmpfehlungExistsAndOptInRequired for the same product before the opt-in and resends the link', async () => {
    const email = uniqueTestEmail('doppelt')
    trackForRelease('demo', email)
    // The same person (the same client) asks again before confirming.
    const client = uniqueClientIp()
    expectError(await create('demo', payload(email), { client }), 409, 'OptInRequired')
    const first = await waitForMail('demo', email, { subject: OPTIN_SUBJECT })
    expectError(await create('demo', payload(email), { client }), 409, 'EmpfehlungExistsAndOptInRequired')
    const resend = await call(`/api/v1/demo/account/resendWelcomeMail/${encodeURIComponent(email)}`)
    expect(resend.status).toBe(200)
    const second = await waitForMail('demo', email, { subject: OPTIN_SUBJECT, except: [first.Id] })
    // The new mail's link works; the old one stopped working.
    const oldToken = linkFrom(first, portalPath('demo', 'bestaetigung'))
    const newToken = linkFrom(second, portalPath('demo', 'bestaetigung'))
    expectError(
      await call('/api/v1/demo/empfehler/teilnahme', { method: 'PUT', body: { Token: oldToken } }),
      410,
      'Abgelaufen',
    )
    const confirmed = await call('/api/v1/demo/empfehler/teilnahme', {
      method: 'PUT',
      body: { Token: newToken },
    })
    expect(confirmed.status).toBe(200)
  })

  it('gives an existing account without login the same opt-in answer (no disclosure)', async () => {
    const account = await registerAccount('demo', { label: 'bekannt' })
    const created = await create('demo', payload(account.email))
    expectError(created, 409, 'OptInRequired')
    const mail = await waitForMail('demo', account.email, { subject: OPTIN_SUBJECT })
    // The account has a password: no link to set one.
    expect(mail.Text).not.toContain('/demo/registrieren')
  })

  it('answers in English when asked to', async () => {
    const email = uniqueTestEmail('englisch')
    trackForRelease('demo', email)
    const created = await call('/api/v1/demo/Empfehlen/create', {
      method: 'POST',
      locale: 'en',
      body: payload(email),
      headers: uniqueClientIp(),
    })
    expectError(created, 409, 'OptInRequired', 'en')
    const mail = await waitForMail('demo', email, { subject: OPTIN_SUBJECT })
    expect(mail.Betreff).toBe('Please confirm your recommendation: Lumenta Home M')
    expect(linkFrom(mail, portalPath('demo', 'bestaetigung', 'en'))).toBeTruthy()
  })
})

describe('POST Empfehlen/create as a logged-in referrer', () => {
  it('creates a shareable recommendation at once, mails its link and refuses a second one for the product', async () => {
    const account = await registerAccount('demo', { label: 'angemeldet' })
    const created = await create('demo', payload('egal@example.org', { Produkt: 531, AnteilEmpfehler: 50 }), {
      token: account.user.token,
    })
    expect(created.status).toBe(200)
    const recommendation = recommendationSchema.parse(created.json)
    expect(recommendation).toMatchObject({ Status: 'Ok', AnteilEmpfehler: 50, Produkt: { Id: 531 } })
    const mail = await waitForMail('demo', account.email, { subject: CREATED_SUBJECT })
    expect(mail.Text).toContain(recommendation.Link)

    const twice = await create('demo', payload(account.email, { Produkt: 531 }), {
      token: account.user.token,
    })
    expectError(twice, 409, 'EmpfehlungExists')

    const list = await call('/api/v1/demo/empfehler/empfehlungen', { token: account.user.token })
    expect(recommendationsSchema.parse(list.json)).toHaveLength(1)
  })

  it('is not blocked by a stranger who recommended the product with the owner’s e-mail, nor shown it', async () => {
    const owner = await registerAccount('demo', { label: 'besitzer' })
    // Someone without login types the owner's address and a friend's name of their choosing.
    const foreign = await create('demo', {
      ...payload(owner.email),
      Empfehler: { Vorname: 'Fremd', Nachname: 'Person', Email: owner.email },
      Empfaenger: { Vorname: 'Gewählt', Nachname: 'Vom-Fremden' },
    })
    expectError(foreign, 409, 'OptInRequired')
    await waitForMail('demo', owner.email, { subject: OPTIN_SUBJECT })

    const list = async () =>
      recommendationsSchema.parse(
        (await call('/api/v1/demo/empfehler/empfehlungen', { token: owner.user.token })).json,
      )
    // Not the owner's until the owner confirms it: not in the personal area.
    expect(await list()).toEqual([])

    const own = await create('demo', payload(owner.email), { token: owner.user.token })
    expect(own.status).toBe(200)
    const recommendation = recommendationSchema.parse(own.json)
    expect(recommendation).toMatchObject({ Status: 'Ok', Produkt: { Id: 462 }, Empfaenger: null })
    const mine = await list()
    expect(mine.map((r) => r.Empfehlungsnummer)).toEqual([recommendation.Empfehlungsnummer])
    expect(JSON.stringify(mine)).not.toContain('Vom-Fremden')
  })

  it('shows a recommendation only to its referrer', async () => {
    const owner = await recommendAndConfirm('demo', uniqueTestEmail('eigen'))
    const other = await registerAccount('demo', { label: 'fremd' })
    const foreign = await call(`/api/v1/demo/empfehlen/${owner.Empfehlungsnummer}`, {
      token: other.user.token,
    })
    expectError(foreign, 404, 'NichtGefunden')
  })
})

describe('POST Empfehlen/create refusals', () => {
  it('AcceptAgb without the accepted terms, and nothing is stored', async () => {
    const email = uniqueTestEmail('ohne-agb')
    for (const AgbText of ['', '   ', null]) {
      expectError(await create('demo', payload(email, { AgbText })), 400, 'AcceptAgb')
    }
    const resend = await call(`/api/v1/demo/account/resendWelcomeMail/${encodeURIComponent(email)}`)
    expect(resend.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mailsTo('demo', email)).toEqual([])
  })

  it('KontoGesperrtWildcard for employees and providers', async () => {
    const created = await create('demo', payload(`mitarbeiter-${randomUUID()}@lumenta.example`))
    expectError(created, 403, 'KontoGesperrtWildcard')
  })

  it('EmailEmpfehlerGleichEmpfaenger for a self-recommendation', async () => {
    const email = uniqueTestEmail('selbst')
    const body = { ...payload(email), Empfaenger: { Vorname: 'Ich', Email: email.toUpperCase() } }
    expectError(await create('demo', body), 400, 'EmailEmpfehlerGleichEmpfaenger')
  })

  it('KontoGesperrtEinzel for a locked account', async () => {
    const account = await registerAccount('demo', { label: 'gesperrt' })
    await lockAccount('demo', account.email)
    expectError(await create('demo', payload(account.email)), 403, 'KontoGesperrtEinzel')
    await removeAccount('demo', account.email)
  })

  it('refuses an unknown or hidden product and a share the tenant does not offer', async () => {
    const email = uniqueTestEmail('produkt')
    expectError(await create('demo', payload(email, { Produkt: 999999 })), 404, 'NichtGefunden')
    expectError(await create('demo', payload(email, { Produkt: 639 })), 404, 'NichtGefunden')
    // demo-closed offers 100 and 50 only.
    const closed = await create('demo-closed', payload(email, { Produkt: 5101, AnteilEmpfehler: 0 }))
    expectError(closed, 400, 'UngueltigeEingabe')
  })

  it('answers malformed input with 400 and stores nothing', async () => {
    const email = uniqueTestEmail('kaputt')
    const bodies: unknown[] = [
      '{"Empfehlung":',
      {},
      { ...payload(email), Empfehler: { Vorname: '', Nachname: 'X', Email: email } },
      payload(email, { AnteilEmpfehler: 30 }),
      payload(email, { Produkt: 'abc' as unknown as number }),
      [payload(email)],
    ]
    for (const body of bodies) expectError(await create('demo', body), 400, 'UngueltigeEingabe')
    const invalidEmail = { ...payload(email), Empfehler: { Vorname: 'A', Nachname: 'B', Email: 'kein-at' } }
    expectError(await create('demo', invalidEmail), 400, 'EmailUngueltig')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mailsTo('demo', email)).toEqual([])
  })

  it('demands X-Requested-With', async () => {
    const created = await call('/api/v1/demo/Empfehlen/create', {
      method: 'POST',
      body: payload(uniqueTestEmail('ohne-header')),
      withoutRequestedWith: true,
    })
    expectError(created, 400, 'AnfrageUnvollstaendig')
  })
})

describe('tokens', () => {
  it('refuses a wrong token, a token of the other demo tenant, and the personal calls without one', async () => {
    const email = uniqueTestEmail('token')
    expectError(await create('demo', payload(email), { token: 'kein.gueltiger.token' }), 401, 'PSOF0204')
    const closed = await registerAccount('demo-closed', { label: 'anderer-mandant' })
    expectError(await create('demo', payload(email), { token: closed.user.token }), 401, 'PSOF0204')
    expectError(await call('/api/v1/demo/empfehler/empfehlungen'), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/empfehler/empfehlungen', { token: closed.user.token }),
      401,
      'PSOF0204',
    )
    expectError(await call('/api/v1/demo/empfehlen/ABCDEFGHJK'), 401, 'PSOF0204')
    const forged = issueToken({ ten: 'demo', sub: randomUUID(), role: 'referrer', sv: 1 })
    expectError(await call('/api/v1/demo/empfehler/empfehlungen', { token: forged }), 401, 'PSOF0204')
  })

  it('refuses a malformed or unknown confirmation token', async () => {
    expectError(
      await call('/api/v1/demo/empfehler/teilnahme', { method: 'PUT', body: { Token: 'kurz' } }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call('/api/v1/demo/empfehler/teilnahme', { method: 'PUT', body: { Token: 'A'.repeat(43) } }),
      410,
      'Abgelaufen',
    )
  })
})

describe('captcha and velocity', () => {
  it('the body-less check asks for no captcha at first, then for one after many recommendations from one client', async () => {
    const ip = uniqueClientIp()
    const check = () => call('/api/v1/demo/Empfehlen/create', { method: 'POST', headers: ip })
    const first = await check()
    expect(first.status).toBe(200)
    expect(captchaCheckSchema.parse(first.json)).toEqual({ CaptchaRequired: false })

    // From the tenant's per-IP number of recommendations within the hour on, a captcha is demanded.
    for (let i = 0; i < PER_IP_CAPTCHA; i++) {
      const email = uniqueTestEmail(`schnell-${i}`)
      trackForRelease('demo', email)
      expectError(await create('demo', payload(email), { client: ip }), 409, 'OptInRequired')
    }
    const demanded = captchaCheckSchema.parse((await check()).json)
    expect(demanded.CaptchaRequired).toBe(true)
    expect(demanded.Captcha?.Bild).toMatch(/^data:image\/png;base64,/)

    const email = uniqueTestEmail('captcha')
    trackForRelease('demo', email)
    const body = payload(email)
    const post = (query = '') =>
      call(`/api/v1/demo/Empfehlen/create${query}`, { method: 'POST', body, headers: ip })
    expectError(await post(), 400, 'CaptchaRequired')
    const captchaId = demanded.Captcha!.CaptchaId
    expectError(await post(`?CaptchaId=${captchaId}&CaptchaLoesung=FALSCH`), 400, 'CaptchaWrong')
    // A challenge is used up by any attempt: a new one, solved with the answer the test server keeps.
    const fresh = captchaCheckSchema.parse((await check()).json).Captcha!
    const solution = await call(`/api/dev/captcha/${fresh.CaptchaId}`)
    const answer = (solution.json as { Loesung: string }).Loesung
    expectError(await post(`?CaptchaId=${fresh.CaptchaId}&CaptchaLoesung=${answer}`), 409, 'OptInRequired')
  })
})

describe('User after the confirmation', () => {
  it('is the referrer of the recommendation, with the session of a normal login', async () => {
    const { User } = await recommendAndConfirm('demo', uniqueTestEmail('sitzung'))
    const me = await call('/api/v1/demo/account/user', { token: User.token })
    expect(me.status).toBe(200)
    expect(userSchema.parse(me.json).email).toBe(User.email)
  })
})
