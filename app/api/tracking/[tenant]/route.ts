// POST /api/tracking/{tenant} — a page view of the browser's tracker (BFF): checked, the client's address
// shortened, forwarded server-side to the tenant's Matomo-compatible endpoint (tenant setting TrackingUrl)
import { after } from 'next/server'
import { getTenantConfigCached } from '@/lib/portal/main-api/cached'
import { clientIpFromForwarded } from '@/lib/shared/client-ip'
import { env } from '@/lib/shared/env'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { anonymizeIp } from '@/lib/portal/tracking/anonymize-ip'
import { forwardHit } from '@/lib/portal/tracking/forward-hit'
import { MAX_HIT_BYTES, pageViewHitSchema } from '@/lib/portal/tracking/hit-schema'
import { createRateLimiter } from '@/lib/portal/tracking/rate-limit'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }
const answer = (status: number) => new Response(null, { status, headers: NO_STORE })

/** Page views per shortened client address and tenant per minute (across servers: Redis or PostgreSQL). */
const limiter = createRateLimiter({ name: 'page-views', limit: 120, windowMs: 60_000 })

/** The body as text, or null when it is larger than the limit (read no further than that). */
async function readLimited(request: Request, max: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > max) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

export async function POST(request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const { tenant } = await params
  // A header a cross-site form or image cannot send: only the portal's own script reaches here.
  if (!isValidTenantSlug(tenant) || !request.headers.get('x-requested-with')) return answer(400)
  const text = await readLimited(request, MAX_HIT_BYTES)
  if (text === null) return answer(413)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return answer(400)
  }
  const hit = pageViewHitSchema.safeParse(json)
  if (!hit.success) return answer(400)
  const config = await getTenantConfigCached({ tenant })
  if (!config) return answer(404)
  // Only the tenant's own tracking ids of this environment: nobody counts into another site.
  if (!config.Settings.trackings[env().APP_ENV].includes(hit.data.idsite)) return answer(400)

  const anonymizedIp = anonymizeIp(clientIpFromForwarded(request.headers.get('x-forwarded-for')))
  if (!(await limiter.take(`${tenant}|${anonymizedIp ?? 'unknown'}`))) return answer(429)

  const endpoint = config.Settings.TrackingUrl
  if (endpoint) {
    const context = {
      tenant,
      anonymizedIp,
      userAgent: request.headers.get('user-agent'),
      acceptLanguage: request.headers.get('accept-language'),
    }
    // After the answer: the visitor never waits for the analytics service.
    after(() => forwardHit(endpoint, hit.data, context))
  }
  return answer(204)
}
