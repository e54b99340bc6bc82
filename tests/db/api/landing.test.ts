import { landingSchema } from '@/lib/contracts/recipient'
import {
  call,
  captchaFlag,
  expectCheckedThenCaptcha,
  expectError,
  uniqueClientIp,
  type ApiResponse,
} from '../support/http'
import {
  lockAccount,
  registerAccount,
  releaseRegisteredAccounts,
  removeAccount,
  trackForRelease,
} from '../support/accounts'
import { uniqueTestEmail, waitForMail } from '../support/mailbox'
import { OPTIN_SUBJECT, sharedRecommendation, type Shared } from '../support/recommendations'

// The recipient's first calls (SPEC §7.5) over HTTP: the landing view, counting landings and clicks,
// the hex links, and resolving an offline code with its throttle.

let shared: Shared

beforeAll(async () => {
  shared = await sharedRecommendation('landung')
})

afterAll(releaseRegisteredAccounts)

describe('GET and PUT /empfehlung/{nr}', () => {
  it('shows who recommends what and what the friend gets, without a token', async () => {
    const response = await call(`/api/v1/demo/empfehlung/${shared.nr}`)
    expect(response.status).toBe(200)
    expect(landingSchema.parse(response.json)).toEqual({
      Empfehlungsnummer: shared.nr,
      Status: 'Ok',
      Empfehler: { Vorname: 'Jana', Nachname: 'L.' },
      // No agent was recommended with it (EmpfehlenAgent: tests/db/api/agent-search.test.ts).
      Berater: null,
      Produkt: { Id: 462, AnzeigeName: 'Lumenta Zuhause M' },
      AnteilEmpfehler: 50,
      PraemieEmpfaengerCent: 3500,
      PraemieEmpfehlerCent: 3500,
      GueltigBis: expect.any(String),
    })
    // Nothing about the referrer beyond the first name and an initial.
    expect(response.text).not.toContain(shared.email)
  })

  it('counts a landing (again from the same visitor without error) and answers the same view', async () => {
    const ip = uniqueClientIp()
    for (let i = 0; i < 2; i++) {
      const landing = await call(`/api/v1/demo/empfehlung/${shared.nr}?channel=whatsapp`, {
        method: 'PUT',
        headers: ip,
      })
      expect(landing.status).toBe(200)
      expect(landingSchema.parse(landing.json).Empfehlungsnummer).toBe(shared.nr)
    }
  })

  it('answers 404 for an unknown number, 400 for a malformed one or channel, and refuses another tenant’s token', async () => {
    expectError(await call('/api/v1/demo/empfehlung/ABCDEFGHJK'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo/empfehlung/kurz'), 400, 'UngueltigeEingabe')
    expectError(await call('/api/v1/demo-closed/empfehlung/' + shared.nr), 404, 'NichtGefunden')
    expectError(
      await call(`/api/v1/demo/empfehlung/${shared.nr}?channel=%3Cscript%3E`, { method: 'PUT' }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call(`/api/v1/demo/empfehlung/${shared.nr}`, { method: 'PUT', withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    const closed = await registerAccount('demo-closed', { label: 'landung-fremd' })
    expectError(
      await call(`/api/v1/demo/empfehlung/${shared.nr}`, { token: closed.user.token }),
      401,
      'PSOF0204',
    )
    expectError(
      await call(`/api/v1/demo/empfehlung/${shared.nr}`, { method: 'DELETE' }),
      405,
      'MethodeNichtErlaubt',
    )
  })

  it('does not show a recommendation that waits for its referrer’s opt-in', async () => {
    const email = uniqueTestEmail('wartet')
    trackForRelease('demo', email)
    await call('/api/v1/demo/Empfehlen/create', {
      method: 'POST',
      headers: uniqueClientIp(),
      body: {
        Empfehlung: {
          Produkt: 531,
          AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
          AnteilEmpfehler: 100,
        },
        Empfehler: { Vorname: 'Wartet', Nachname: 'Noch', Email: email },
      },
    })
    const mail = await waitForMail('demo', email, { subject: OPTIN_SUBJECT })
    // The number is not in the opt-in mail: nobody can know it before the confirmation.
    expect(mail.Text).not.toMatch(/\/empfehlung\/[0-9A-Z]{10}/)
  })
})

describe('GET /empfehlen/click/{nr}', () => {
  it('counts the click and sends the browser to the recommendation’s page with its channel', async () => {
    const click = await call(`/api/v1/demo/empfehlen/click/${shared.nr}?channel=whatsapp`)
    expect(click.status).toBe(302)
    expect(click.headers.get('location')).toBe(`${shared.link}?channel=whatsapp`)
    const unknown = await call('/api/v1/demo/empfehlen/click/ABCDEFGHJK')
    expect(unknown.status).toBe(302)
    expectError(await call('/api/v1/demo/empfehlen/click/kurz'), 400, 'UngueltigeEingabe')
  })
})

describe('GET /empfehlen/{nr}/{hex} and /empfehlen/any/{nr}/{hex}', () => {
  it('answers the recommendation for the right hex only', async () => {
    for (const path of [`${shared.nr}/${shared.hex}`, `any/${shared.nr}/${shared.hex}`]) {
      const response = await call(`/api/v1/demo/empfehlen/${path}`)
      expect(response.status).toBe(200)
      expect(landingSchema.parse(response.json).Status).toBe('Ok')
    }
    expectError(await call(`/api/v1/demo/empfehlen/${shared.nr}/${'0'.repeat(32)}`), 404, 'NichtGefunden')
    expectError(await call(`/api/v1/demo/empfehlen/any/${shared.nr}/${'0'.repeat(32)}`), 404, 'NichtGefunden')
    expectError(await call(`/api/v1/demo/empfehlen/${shared.nr}/nicht-hex`), 400, 'UngueltigeEingabe')
  })

  it('answers EmpfehlungGesperrt once the referrer is locked (any: the state), and Gesperrt without a person once deleted', async () => {
    const own = await sharedRecommendation('gesperrt')
    await lockAccount('demo', own.email)
    expectError(await call(`/api/v1/demo/empfehlen/${own.nr}/${own.hex}`), 410, 'EmpfehlungGesperrt')
    const any = landingSchema.parse((await call(`/api/v1/demo/empfehlen/any/${own.nr}/${own.hex}`)).json)
    expect(any.Status).toBe('Gesperrt')
    expect(landingSchema.parse((await call(`/api/v1/demo/empfehlung/${own.nr}`)).json).Status).toBe(
      'Gesperrt',
    )

    await removeAccount('demo', own.email)
    const gone = landingSchema.parse((await call(`/api/v1/demo/empfehlung/${own.nr}`)).json)
    expect(gone).toMatchObject({ Status: 'Gesperrt', Empfehler: null })
    expectError(await call(`/api/v1/demo/empfehlen/${own.nr}/${own.hex}`), 410, 'EmpfehlungGesperrt')
  })
})

describe('GET /empfehlung/empfehlungscode/{code}', () => {
  it('finds the recommendation of a code as people type it', async () => {
    const typed = `${shared.code!.slice(0, 4).toLowerCase()}-${shared.code!.slice(4)}`
    const response = await call(
      `/api/v1/demo/empfehlung/empfehlungscode/${encodeURIComponent(typed)}?einsprungsquelle=code`,
      { headers: uniqueClientIp() },
    )
    expect(response.status).toBe(200)
    expect(landingSchema.parse(response.json)).toMatchObject({ Empfehlungsnummer: shared.nr, Status: 'Ok' })
  })

  it('answers a wrong code clearly, then demands a captcha, then refuses the client', async () => {
    const ip = uniqueClientIp()
    const ask = (code: string, query = '') =>
      call(`/api/v1/demo/empfehlung/empfehlungscode/${code}${query}`, { headers: ip })
    const wrong: ApiResponse[] = []
    for (let i = 0; i < 5; i++) wrong.push(await ask('AAAA-AAAA'))
    for (const answer of wrong) expectError(answer, 404, 'EmpfehlungscodeUngueltig')
    // The fifth wrong code says already that the next try needs a captcha, so the form shows it at once.
    expect(wrong.map(captchaFlag)).toEqual([false, false, false, false, true])
    // From now on even the right code needs the captcha.
    const required = await ask(shared.code!)
    expectError(required, 400, 'CaptchaRequired')
    expect(captchaFlag(required)).toBe(true)
    const picture = (await call('/api/v1/demo/captcha', { method: 'POST', headers: uniqueClientIp() }))
      .json as { CaptchaId: string }
    const answer = ((await call(`/api/dev/captcha/${picture.CaptchaId}`)).json as { Loesung: string }).Loesung
    const solved = await ask(shared.code!, `?CaptchaId=${picture.CaptchaId}&CaptchaLoesung=${answer}`)
    expect(solved.status).toBe(200)
    for (let i = 5; i < 20; i++) {
      const fresh = (await call('/api/v1/demo/captcha', { method: 'POST', headers: uniqueClientIp() }))
        .json as { CaptchaId: string }
      const solution = ((await call(`/api/dev/captcha/${fresh.CaptchaId}`)).json as { Loesung: string })
        .Loesung
      expectError(
        await ask('AAAA-AAAA', `?CaptchaId=${fresh.CaptchaId}&CaptchaLoesung=${solution}`),
        404,
        'EmpfehlungscodeUngueltig',
      )
    }
    expectError(await ask(shared.code!), 429, 'ZuVieleAnfragen')
    // Another client is not affected.
    expect(
      (await call(`/api/v1/demo/empfehlung/empfehlungscode/${shared.code}`, { headers: uniqueClientIp() }))
        .status,
    ).toBe(200)
  })

  it('looks up only 5 of 25 parallel wrong codes of one client; the others need a captcha and count nothing', async () => {
    const ip = uniqueClientIp()
    const ask = (query = '') =>
      call(`/api/v1/demo/empfehlung/empfehlungscode/BBBB-BBBB${query}`, { headers: ip })
    const answers = await Promise.all(Array.from({ length: 25 }, () => ask()))
    expectCheckedThenCaptcha(answers, { count: 5, status: 404, code: 'EmpfehlungscodeUngueltig' })
    // Exactly five wrong codes counted: fifteen more with a solved captcha, then the client is refused.
    const codes: string[] = []
    for (let i = 0; i < 16; i++) {
      const fresh = (await call('/api/v1/demo/captcha', { method: 'POST', headers: uniqueClientIp() }))
        .json as { CaptchaId: string }
      const solution = ((await call(`/api/dev/captcha/${fresh.CaptchaId}`)).json as { Loesung: string })
        .Loesung
      codes.push(
        ((await ask(`?CaptchaId=${fresh.CaptchaId}&CaptchaLoesung=${solution}`)).json as { Code: string })
          .Code,
      )
    }
    expect(codes).toEqual([...Array(15).fill('EmpfehlungscodeUngueltig'), 'ZuVieleAnfragen'])
  })

  it('answers malformed entry sources with 400', async () => {
    expectError(
      await call(`/api/v1/demo/empfehlung/empfehlungscode/${shared.code}?einsprungsquelle=%3Cx%3E`),
      400,
      'UngueltigeEingabe',
    )
  })
})
