import { sealData } from 'iron-session'
import { resetEnvForTests } from '@/lib/shared/env'
import { readSeal, sealedLoginFor } from './session'

// A session cookie's seal is read once and then kept until the expiry written into it.

const SECRET = 'k'.repeat(64)
const user = {
  vorname: 'Anna',
  nachname: 'Beispiel',
  email: 'anna@example.org',
  language: 'de',
  admin: false,
}

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET
  process.env.API_TOKEN_SECRET = 't'.repeat(64)
  process.env.OPERATOR_API_KEY = 'o'.repeat(64)
  resetEnvForTests()
})

const seal = (data: object, ttl = 60) => sealData(data, { password: SECRET, ttl })

it('reads a seal as iron-session does, and the same seal again without decrypting it', async () => {
  const sealed = await seal({ tenant: 'demo', token: 'tok', user })
  const decrypt = jest.spyOn(globalThis.crypto.subtle, 'decrypt')
  const first = await readSeal(sealed)
  expect(first).toEqual({ tenant: 'demo', token: 'tok', user })
  expect(decrypt).toHaveBeenCalledTimes(1)
  expect(await readSeal(sealed)).toBe(first)
  expect(decrypt).toHaveBeenCalledTimes(1)
  decrypt.mockRestore()
  expect(await sealedLoginFor(sealed, 'demo')).toEqual({ token: 'tok', user })
  expect(await sealedLoginFor(sealed, 'other')).toBeNull()
})

it('reads a kept seal anew once its expiry has passed, and then finds it expired', async () => {
  const sealed = await seal({ tenant: 'demo', token: 'tok', user }, 60)
  expect(await readSeal(sealed)).toMatchObject({ token: 'tok' })
  // iron allows 60 s of clock skew beyond the expiry.
  expect(await readSeal(sealed, Date.now() + 61_000)).toMatchObject({ token: 'tok' })
  jest.useFakeTimers({ now: Date.now() + 125_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
  try {
    expect(await readSeal(sealed)).toEqual({})
  } finally {
    jest.useRealTimers()
  }
})

it('holds nothing for a broken seal or one of another secret', async () => {
  const sealed = await seal({ tenant: 'demo', token: 'tok', user })
  expect(await readSeal(sealed.slice(0, -3) + 'abc')).toEqual({})
  const foreign = await sealData({ tenant: 'demo', token: 'tok' }, { password: 'x'.repeat(64), ttl: 60 })
  expect(await readSeal(foreign)).toEqual({})
  expect(await readSeal('not a seal')).toEqual({})
})
