// POST /api/v1/{tenant}/captcha — a new captcha challenge (picture and id) where the server demands one
import { apiHandler } from '@/lib/engine/http/api-handler'
import { createCaptchaForClient } from '@/lib/engine/captcha/create-captcha-for-client'
import { getDb } from '@/lib/engine/db'
import { apiRoute } from '@/lib/engine/http/api-route'
import { captchaChallengeSchema } from '@/lib/contracts/account'

const handler = apiHandler(
  { auth: 'public', response: captchaChallengeSchema, errors: ['ZuVieleAnfragen'] },
  async ({ tenant, ip }) => createCaptchaForClient(await getDb(), tenant.slug, ip),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
