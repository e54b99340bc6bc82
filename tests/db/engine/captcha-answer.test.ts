import { eq } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { captchaChallenges } from '@/lib/db/schema'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import { resetEnvForTests } from '@/lib/shared/env'

// A captcha challenge keeps its answer only as a keyed hash; the plain answer (for the developer tools'
// GET /api/dev/captcha/{id}) is stored only where DEV_TOOLS=true turned the tools on.

const saved = { DEV_TOOLS: process.env.DEV_TOOLS, APP_ENV: process.env.APP_ENV }

function setEnv(values: { DEV_TOOLS?: string; APP_ENV?: string }) {
  for (const key of ['DEV_TOOLS', 'APP_ENV'] as const) {
    if (values[key] === undefined) delete process.env[key]
    else process.env[key] = values[key]
  }
  resetEnvForTests()
}

afterAll(async () => {
  setEnv(saved)
  await closeDb()
})

async function stored(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(captchaChallenges).where(eq(captchaChallenges.id, id))
  return row!
}

describe('createCaptcha', () => {
  it.each([{}, { APP_ENV: 'development' }, { APP_ENV: 'production' }, { DEV_TOOLS: 'false' }])(
    'stores no plain answer without the developer tools (%j)',
    async (values) => {
      setEnv(values)
      const challenge = await createCaptcha(await getDb(), 'demo')
      const row = await stored(challenge.CaptchaId)
      expect(row.devAnswer).toBeNull()
      expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.answerHash).not.toContain(challenge.answer)
    },
  )

  it('stores the plain answer for the developer tools when DEV_TOOLS=true', async () => {
    setEnv({ DEV_TOOLS: 'true' })
    const challenge = await createCaptcha(await getDb(), 'demo')
    expect((await stored(challenge.CaptchaId)).devAnswer).toBe(challenge.answer)
  })
})
