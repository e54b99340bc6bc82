import { randomUUID } from 'node:crypto'
import { captchaChallengeSchema } from '@/lib/contracts/account'
import { call, expectError, uniqueClientIp } from '../support/http'
import { uniqueTestEmail } from '../support/mailbox'
import { TEST_OPERATOR_API_KEY } from '../support/test-server'

// The invitation limits (tenant setting InvitationLimits; SPEC §7.1 PUT Einladung, issue 18) on a test
// tenant of its own with low numbers: per employee number a captcha from the third invitation of the day
// and a refusal after the fourth, whatever the client address.
// The tenant has the employee form (ModuleCompanyRecommendation) and the demo agency's employee numbers
// (operator PUT /api/v1/mandant, dev tool /api/dev/demokatalog).

const slug = `einladen-${randomUUID().slice(0, 6)}`
const INVITE = `/api/v1/${slug}/Einladung`

function invitation(number: string) {
  return {
    Vorname: 'Greta',
    Nachname: 'Albers',
    Email: uniqueTestEmail('limit'),
    Art: 'VorOrt',
    Mitarbeiternummer: number,
  }
}

/** A new challenge with the answer the test server keeps for it (GET /api/dev/captcha/{id}). */
async function solvedCaptcha(): Promise<string> {
  const challenge = captchaChallengeSchema.parse(
    (await call(`/api/v1/${slug}/captcha`, { method: 'POST', headers: uniqueClientIp() })).json,
  )
  const solution = await call(`/api/dev/captcha/${challenge.CaptchaId}`)
  expect(solution.status).toBe(200)
  const answer = (solution.json as { Loesung: string }).Loesung
  return `?CaptchaId=${challenge.CaptchaId}&CaptchaLoesung=${encodeURIComponent(answer)}`
}

beforeAll(async () => {
  const created = await call(`/api/v1/mandant/${slug}`, {
    method: 'PUT',
    token: TEST_OPERATOR_API_KEY,
    body: {
      Name: 'Einladewerk',
      ProgrammName: 'Einladewerk Freunde-Bonus',
      SupportEmail: 'hilfe@einladewerk.example',
      MandantUrl: 'https://www.einladewerk.example',
      ModuleCompanyRecommendation: true,
      InvitationLimits: {
        PerEmployeePerDayCaptcha: 2,
        PerEmployeePerDayMax: 4,
        PerIpPerHourCaptcha: 50,
        PerIpPerHourMax: 100,
      },
    },
  })
  expect(created.status).toBe(200)
  expect((await call(`/api/dev/demokatalog/${slug}?von=demo`, { method: 'PUT' })).status).toBe(200)
})

describe('InvitationLimits', () => {
  it('asks for a captcha from the third invitation of an employee number and refuses after the fourth', async () => {
    const check = () => call(INVITE, { method: 'PUT', headers: uniqueClientIp() })
    const send = (query = '') =>
      call(`${INVITE}${query}`, { method: 'PUT', body: invitation('SV-M-101'), headers: uniqueClientIp() })

    expect((await check()).json).toEqual({ CaptchaRequired: false })
    for (let i = 0; i < 2; i++) expect((await send()).status).toBe(200)
    // The third needs a solved captcha, from any address; the answer that demands it brings a picture.
    const demanded = await send()
    expectError(demanded, 400, 'CaptchaRequired')
    expect((await send(await solvedCaptcha())).status).toBe(200)
    expect((await send(await solvedCaptcha())).status).toBe(200)
    // Four counted: the fifth is refused even with a solved captcha.
    expectError(await send(await solvedCaptcha()), 429, 'ZuVieleAnfragen')
    // Another employee number is not held back by this one's count.
    const other = await call(INVITE, {
      method: 'PUT',
      body: invitation('SV-M-102'),
      headers: uniqueClientIp(),
    })
    expect(other.status).toBe(200)
  })

  it('leaves the demo tenant with its own, higher limits', async () => {
    const check = await call('/api/v1/demo/Einladung', { method: 'PUT', headers: uniqueClientIp() })
    if (check.status === 404) return // a shared database may keep demo without the employee form
    expect(check.json).toEqual({ CaptchaRequired: false })
  })
})
