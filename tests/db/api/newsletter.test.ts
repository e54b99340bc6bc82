import { randomBytes, randomUUID } from 'node:crypto'
import { newsletterStatusSchema, userSchema } from '@/lib/contracts/account'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  registerAccount,
  releaseRegisteredAccounts,
  type RegisteredAccount,
} from '../support/accounts'
import { call, expectError } from '../support/http'
import { linkFrom, mailsTo, waitForMail } from '../support/mailbox'

// The newsletter double opt-in of SPEC §4 and §7.3: PUT empfehler/setNewsletterOptin sends the
// confirmation mail (pending), its link confirms (PUT empfehler/newsletter/optin → optedIn), the
// unsubscribe link or the logged-in referrer withdraws (PUT empfehler/newsletter/optout → optedOut).
// demo offers the newsletter (ModuleNewsletterPermission), demo-closed does not.

const SET = '/api/v1/demo/empfehler/setNewsletterOptin'
const OPTIN = '/api/v1/demo/empfehler/newsletter/optin'
const OPTOUT = '/api/v1/demo/empfehler/newsletter/optout'
const USER = '/api/v1/demo/account/user'

afterAll(releaseRegisteredAccounts)

async function userOf(account: RegisteredAccount, token = account.user.token) {
  const response = await call(USER, { token })
  expect(response.status).toBe(200)
  return userSchema.parse(response.json)
}

/** Requests the opt-in and answers the status and the mail's two tokens. */
async function requestOptin(account: RegisteredAccount) {
  const response = await call(SET, { method: 'PUT', token: account.user.token })
  expect(response.status).toBe(200)
  const status = newsletterStatusSchema.parse(response.json)
  const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.newsletterOptin })
  return {
    status,
    mail,
    optin: linkFrom(mail, '/demo/empfehler/newsletter/optin'),
    optout: linkFrom(mail, '/demo/empfehler/newsletter/optout'),
  }
}

describe('the double opt-in', () => {
  it('goes pending → optedIn → optedOut with the mail’s links', async () => {
    const account = await registerAccount('demo', { label: 'newsletter' })
    expect(account.user).toMatchObject({ newsletterpermission: false, newsletterpermissionversendetam: null })

    const before = Date.now()
    const { status, mail, optin, optout } = await requestOptin(account)
    expect(status).toEqual({
      Status: 'pending',
      newsletterpermission: false,
      newsletterpermissionversendetam: expect.any(String),
    })
    const sentAt = Date.parse(status.newsletterpermissionversendetam!)
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000)
    expect(mail.Betreff).toBe('Bitte bestätigen Sie Ihre Anmeldung zum Newsletter')
    expect(await userOf(account)).toMatchObject({
      newsletterpermission: false,
      newsletterpermissionversendetam: status.newsletterpermissionversendetam,
    })

    // A second request while the mail is unanswered sends nothing.
    expectError(await call(SET, { method: 'PUT', token: account.user.token }), 409, 'OptinMailAlreadySent')

    // The confirmation link is public (opened from the mail, maybe on another device).
    const confirmed = await call(OPTIN, { method: 'PUT', body: { Token: optin } })
    expect(confirmed.status).toBe(200)
    expect(newsletterStatusSchema.parse(confirmed.json)).toEqual({
      Status: 'optedIn',
      newsletterpermission: true,
      newsletterpermissionversendetam: status.newsletterpermissionversendetam,
    })
    expectError(await call(OPTIN, { method: 'PUT', body: { Token: optin } }), 409, 'TokenBereitsVerwendet')
    expectError(await call(SET, { method: 'PUT', token: account.user.token }), 409, 'OptinAlreadySet')
    expect((await userOf(account)).newsletterpermission).toBe(true)

    // The unsubscribe link works as often as it is clicked.
    for (let i = 0; i < 2; i++) {
      const out = await call(OPTOUT, { method: 'PUT', body: { Token: optout } })
      expect(out.status).toBe(200)
      expect(out.json).toEqual({
        Status: 'optedOut',
        newsletterpermission: false,
        newsletterpermissionversendetam: null,
      })
    }
    expect(await userOf(account)).toMatchObject({
      newsletterpermission: false,
      newsletterpermissionversendetam: null,
    })
    await mailBarrier('demo')
    expect(
      (await mailsTo('demo', account.email)).filter((m) => MAIL_SUBJECTS.newsletterOptin.test(m.Betreff)),
    ).toHaveLength(1)
  })

  it('sends one mail when asked five times at once (the pause is taken atomically)', async () => {
    const account = await registerAccount('demo', { label: 'newsletter-parallel' })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(SET, { method: 'PUT', token: account.user.token })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(4)
    for (const answer of refused) expectError(answer, 409, 'OptinMailAlreadySent')
    await mailBarrier('demo')
    expect(
      (await mailsTo('demo', account.email)).filter((m) => MAIL_SUBJECTS.newsletterOptin.test(m.Betreff)),
    ).toHaveLength(1)
  })

  it('lets a referrer who unsubscribed ask again, and unsubscribe while logged in', async () => {
    const account = await registerAccount('demo', { label: 'wieder' })
    const first = await requestOptin(account)
    const out = await call(OPTOUT, { method: 'PUT', token: account.user.token })
    expect(out.json).toEqual({
      Status: 'optedOut',
      newsletterpermission: false,
      newsletterpermissionversendetam: null,
    })
    // Logged in and without a token again: nothing to withdraw, the same answer.
    expect((await call(OPTOUT, { method: 'PUT', token: account.user.token, body: {} })).json).toEqual(
      out.json,
    )
    // The withdrawal is the later word: the pending mail's link no longer subscribes.
    expectError(await call(OPTIN, { method: 'PUT', body: { Token: first.optin } }), 410, 'Abgelaufen')
    expect((await userOf(account)).newsletterpermission).toBe(false)

    const again = await call(SET, { method: 'PUT', token: account.user.token })
    expect(newsletterStatusSchema.parse(again.json).Status).toBe('pending')
    const second = await waitForMail('demo', account.email, {
      subject: MAIL_SUBJECTS.newsletterOptin,
      except: [first.mail.Id],
    })
    const confirmed = await call(OPTIN, {
      method: 'PUT',
      body: { Token: linkFrom(second, '/demo/empfehler/newsletter/optin') },
    })
    expect(newsletterStatusSchema.parse(confirmed.json).Status).toBe('optedIn')
    const loggedInOut = await call(OPTOUT, { method: 'PUT', token: account.user.token })
    expect(newsletterStatusSchema.parse(loggedInOut.json).Status).toBe('optedOut')
    expect((await userOf(account)).newsletterpermission).toBe(false)
  })

  it('keeps a confirmed subscription on a second request (OptinAlreadySet) without sending mail', async () => {
    const account = await registerAccount('demo', { label: 'schon' })
    const { optin, mail } = await requestOptin(account)
    expect((await call(OPTIN, { method: 'PUT', body: { Token: optin } })).status).toBe(200)
    expectError(
      await call(SET, { method: 'PUT', token: account.user.token, locale: 'en' }),
      409,
      'OptinAlreadySet',
      'en',
    )
    await mailBarrier('demo')
    expect(
      (await mailsTo('demo', account.email))
        .filter((m) => MAIL_SUBJECTS.newsletterOptin.test(m.Betreff))
        .map((m) => m.Id),
    ).toEqual([mail.Id])
  })
})

describe('PUT /api/v1/{tenant}/empfehler/newsletter/optin', () => {
  it('answers a token never issued with 410 Abgelaufen and malformed input with 400', async () => {
    expectError(
      await call(OPTIN, { method: 'PUT', body: { Token: randomBytes(32).toString('base64url') } }),
      410,
      'Abgelaufen',
    )
    for (const body of [{}, { Token: 'kurz' }, { Token: 7 }, undefined]) {
      expectError(await call(OPTIN, { method: 'PUT', body }), 400, 'UngueltigeEingabe')
    }
  })

  it('confirms only on the tenant that sent the mail', async () => {
    const account = await registerAccount('demo', { label: 'optin-mandant' })
    const { optin } = await requestOptin(account)
    expectError(
      await call('/api/v1/demo-closed/empfehler/newsletter/optin', { method: 'PUT', body: { Token: optin } }),
      403,
      'NichtAuthorisiert',
    )
    expect((await call(OPTIN, { method: 'PUT', body: { Token: optin } })).status).toBe(200)
  })

  it('accepts no other mailed token (a login link is no confirmation)', async () => {
    const account = await registerAccount('demo', { label: 'optin-zweck' })
    const welcome = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.welcome })
    // The welcome mail's login link was unusable after the password was set anyway; the answer is the same.
    expectError(
      await call(OPTIN, { method: 'PUT', body: { Token: linkFrom(welcome, '/demo/login') } }),
      410,
      'Abgelaufen',
    )
    expect((await userOf(account)).newsletterpermission).toBe(false)
  })
})

describe('PUT /api/v1/{tenant}/empfehler/newsletter/optout', () => {
  it.each([
    ['a garbage token', 'garbage'],
    ['an empty token', ''],
    ['an unknown id with a made-up signature', `${randomUUID()}.${randomBytes(32).toString('base64url')}`],
    ['three parts', 'a.b.c'],
  ])('refuses %s with 403 NichtAuthorisiert', async (_label, token) => {
    expectError(await call(OPTOUT, { method: 'PUT', body: { Token: token } }), 403, 'NichtAuthorisiert')
  })

  it('refuses another referrer’s id under a valid signature and keeps the subscription', async () => {
    const account = await registerAccount('demo', { label: 'optout-fremd' })
    const victim = await registerAccount('demo', { label: 'optout-opfer' })
    const own = await requestOptin(account)
    const theirs = await requestOptin(victim)
    expect((await call(OPTIN, { method: 'PUT', body: { Token: theirs.optin } })).status).toBe(200)
    const [, signature] = own.optout.split('.')
    const [victimId] = theirs.optout.split('.')
    expectError(
      await call(OPTOUT, { method: 'PUT', body: { Token: `${victimId}.${signature}` } }),
      403,
      'NichtAuthorisiert',
    )
    expect((await userOf(victim)).newsletterpermission).toBe(true)
  })

  it('unsubscribes nobody on another tenant with a demo link', async () => {
    const account = await registerAccount('demo', { label: 'optout-mandant' })
    const { optin, optout } = await requestOptin(account)
    expect((await call(OPTIN, { method: 'PUT', body: { Token: optin } })).status).toBe(200)
    const elsewhere = await call('/api/v1/demo-closed/empfehler/newsletter/optout', {
      method: 'PUT',
      body: { Token: optout },
    })
    expect(newsletterStatusSchema.parse(elsewhere.json).Status).toBe('optedOut')
    expect((await userOf(account)).newsletterpermission).toBe(true)
  })

  it('demands a login without a token: none, a forged one or another tenant’s get 401', async () => {
    const account = await registerAccount('demo', { label: 'optout-anmeldung' })
    const closed = await registerAccount('demo-closed', { label: 'optout-closed' })
    expectError(await call(OPTOUT, { method: 'PUT' }), 401, 'PSOF0204')
    expectError(await call(OPTOUT, { method: 'PUT', body: {} }), 401, 'PSOF0204')
    expectError(await call(OPTOUT, { method: 'PUT', token: 'garbage' }), 401, 'PSOF0204')
    expectError(await call(OPTOUT, { method: 'PUT', token: `${account.user.token}x` }), 401, 'PSOF0204')
    expectError(await call(OPTOUT, { method: 'PUT', token: closed.user.token }), 401, 'PSOF0204')
  })

  it('demands X-Requested-With', async () => {
    const account = await registerAccount('demo', { label: 'optout-header' })
    expectError(
      await call(OPTOUT, { method: 'PUT', token: account.user.token, withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
  })
})

describe('PUT /api/v1/{tenant}/empfehler/setNewsletterOptin', () => {
  it('is not offered where the tenant has no newsletter (demo-closed): 403 NichtAuthorisiert, no mail', async () => {
    const account = await registerAccount('demo-closed', { label: 'ohne-modul' })
    expectError(
      await call('/api/v1/demo-closed/empfehler/setNewsletterOptin', {
        method: 'PUT',
        token: account.user.token,
      }),
      403,
      'NichtAuthorisiert',
    )
    expectError(
      await call('/api/v1/demo-closed/empfehler/newsletter/optin', {
        method: 'PUT',
        body: { Token: randomBytes(32).toString('base64url') },
      }),
      403,
      'NichtAuthorisiert',
    )
    const me = await call('/api/v1/demo-closed/account/user', { token: account.user.token })
    expect(userSchema.parse(me.json)).toMatchObject({
      newsletterpermission: false,
      newsletterpermissionversendetam: null,
    })
    await mailBarrier('demo-closed')
    expect((await mailsTo('demo-closed', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })

  it.each(['GET', 'POST', 'DELETE'] as const)('answers %s with 405 MethodeNichtErlaubt', async (method) => {
    for (const path of [SET, OPTIN, OPTOUT]) {
      expectError(
        await call(path, { method, body: method === 'GET' ? undefined : {} }),
        405,
        'MethodeNichtErlaubt',
      )
    }
  })
})
