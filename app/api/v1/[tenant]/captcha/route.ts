// POST /api/v1/{tenant}/captcha — a new captcha challenge (picture and id) where the server demands one
import { apiHandler } from '@/lib/engine/http/api-handler'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import { getDb } from '@/lib/engine/db'
import { apiRoute } from '@/lib/engine/http/api-route'
import { captchaChallengeSchema } from '@/lib/contracts/account'

const handler = apiHandler({ auth: 'public', response: captchaChallengeSchema }, async ({ tenant }) => {
  const { answer: _answer, ...challenge } = await createCaptcha(await getDb(), tenant.slug)
  void _answer
  return challenge
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
