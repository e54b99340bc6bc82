import { CONTENT_WEBHOOK_LIMIT } from '@/lib/edge/body-limits.mjs'
import 'server-only'
import { createHash, timingSafeEqual } from 'node:crypto'
import { announceTenantChange } from '@/lib/shared/tenant-changes'
import { ApiError } from '@/lib/shared/errors'
import { readText } from '@/lib/engine/http/api-handler'
import { log } from '@/lib/shared/log'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * The content service calls this on publish. It proves itself with the tenant's WebhookSecret: as
 * Squidex signs (X-Signature = Base64(SHA-256(body + secret))) or as the plain secret in
 * X-Webhook-Secret. The change is then announced, so cached copies of the tenant's content renew.
 */
export async function receiveContentWebhook(tenant: Tenant, request: Request) {
  const secret = tenant.settings.Content.WebhookSecret
  const body = await readText(request, CONTENT_WEBHOOK_LIMIT)
  if (!secret || !(signedBy(secret, body, request) || sentSecret(secret, request))) {
    throw new ApiError('PSOF0204')
  }
  announceTenantChange({ tenant: tenant.slug, scope: 'content' })
  log.info('content webhook: cached content renewed', { tenant: tenant.slug })
  return { Erneuert: true }
}

function signedBy(secret: string, body: string, request: Request): boolean {
  const signature = request.headers.get('x-signature')
  if (!signature) return false
  return sameText(
    createHash('sha256')
      .update(body + secret)
      .digest('base64'),
    signature,
  )
}

function sentSecret(secret: string, request: Request): boolean {
  const sent = request.headers.get('x-webhook-secret')
  return sent !== null && sameText(secret, sent)
}

/** Constant-time comparison of two texts (hashed first, so lengths do not leak). */
function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())
}
