import { updateLanguageResponseSchema, userSchema } from '@/lib/contracts/account'
import { ownAccountForFile } from '../support/accounts'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'

// The referrer's own calls: GET account/user, POST account/updateLanguage, POST account/logout.

const account = ownAccountForFile('demo')

const userPath = '/api/v1/demo/account/user'
const languagePath = '/api/v1/demo/account/updateLanguage'
const logoutPath = '/api/v1/demo/account/logout'

async function languageOf(token: string) {
  const response = await call(userPath, { token })
  expect(response.status).toBe(200)
  return userSchema.parse(response.json).language
}

describe('GET /api/v1/{tenant}/account/user', () => {
  it('answers the logged-in referrer with the token, never cached', async () => {
    const user = await login('demo', account)
    const response = await call(userPath, { token: user.token })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(userSchema.parse(response.json)).toEqual(user)
  })

  it('does not need X-Requested-With for a read', async () => {
    const user = await login('demo', account)
    expect((await call(userPath, { token: user.token, withoutRequestedWith: true })).status).toBe(200)
  })

  it('answers each tenant its own referrer', async () => {
    const jonas = await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])
    const response = await call('/api/v1/demo-closed/account/user', { token: jonas.token })
    expect(userSchema.parse(response.json).email).toBe(DEMO_CREDENTIALS['demo-closed'].email)
  })
})

describe('POST /api/v1/{tenant}/account/updateLanguage', () => {
  it('stores the language (GET account/user and the next login show it) and restores it', async () => {
    const { token, language: before } = await login('demo', account)
    const target = before === 'en' ? 'de' : 'en'
    try {
      const response = await call(languagePath, { method: 'POST', token, body: { Language: target } })
      expect(response.status).toBe(200)
      expect(updateLanguageResponseSchema.parse(response.json)).toEqual({ language: target })
      expect(await languageOf(token)).toBe(target)
      expect((await login('demo', account)).language).toBe(target)
    } finally {
      const restore = await call(languagePath, { method: 'POST', token, body: { Language: before } })
      expect(restore.status).toBe(200)
    }
    expect(await languageOf(token)).toBe(before)
  })

  it.each([
    ['an unknown language', { Language: 'fr' }],
    ['a lower-case key', { language: 'en' }],
    ['an upper-case language', { Language: 'EN' }],
    ['a language array', { Language: ['en'] }],
    ['null', null],
    ['a string body', 'en'],
    ['no body', undefined],
  ])('refuses %s with UngueltigeEingabe and stores nothing', async (_label, body) => {
    const { token, language } = await login('demo', account)
    const response = await call(languagePath, { method: 'POST', token, body: body === null ? 'null' : body })
    expectError(response, 400, 'UngueltigeEingabe')
    expect(await languageOf(token)).toBe(language)
  })

  it.each([
    ['a call without X-Requested-With', { withoutRequestedWith: true }, 400, 'AnfrageUnvollstaendig'],
    ['a foreign origin', { headers: { Origin: 'https://evil.example' } }, 403, 'NichtAuthorisiert'],
  ] as const)('refuses %s and stores nothing', async (_label, options, status, code) => {
    const { token, language } = await login('demo', account)
    const target = language === 'en' ? 'de' : 'en'
    const response = await call(languagePath, {
      method: 'POST',
      token,
      body: { Language: target },
      ...options,
    })
    expectError(response, status, code)
    expect(await languageOf(token)).toBe(language)
  })

  it('never changes a referrer through another tenant', async () => {
    const jonas = await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])
    const { token, language } = await login('demo', account)
    const target = language === 'en' ? 'de' : 'en'
    expectError(
      await call(languagePath, { method: 'POST', token: jonas.token, body: { Language: target } }),
      401,
      'PSOF0204',
    )
    expect(await languageOf(token)).toBe(language)
  })
})

describe('POST /api/v1/{tenant}/account/logout', () => {
  it('refuses a call without X-Requested-With and keeps the session', async () => {
    const { token } = await login('demo', account)
    expectError(
      await call(logoutPath, { method: 'POST', token, withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    expect((await call(userPath, { token })).status).toBe(200)
  })

  it('refuses a foreign origin and keeps the session', async () => {
    const { token } = await login('demo', account)
    const response = await call(logoutPath, {
      method: 'POST',
      token,
      headers: { Origin: 'https://evil.example' },
    })
    expectError(response, 403, 'NichtAuthorisiert')
    expect((await call(userPath, { token })).status).toBe(200)
  })

  it('ends every earlier session: old tokens get 401 PSOF0204, a new login works', async () => {
    const first = await login('demo', account)
    const second = await login('demo', account)
    const response = await call(logoutPath, { method: 'POST', token: first.token })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ ok: true })
    for (const token of [first.token, second.token]) {
      expectError(await call(userPath, { token }), 401, 'PSOF0204')
      expectError(
        await call(languagePath, { method: 'POST', token, body: { Language: 'de' } }),
        401,
        'PSOF0204',
      )
    }
    expectError(await call(logoutPath, { method: 'POST', token: first.token }), 401, 'PSOF0204')
    const fresh = await login('demo', account)
    expect((await call(userPath, { token: fresh.token })).status).toBe(200)
  })
})
