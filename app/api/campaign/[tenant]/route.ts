// POST /api/campaign/{tenant} — BFF: the campaign of this visit ({ channel?, kampagne? }) joins the session
import { z } from 'zod'
import { campaignValue } from '@/lib/campaign/campaign-params'
import { rememberCampaign } from '@/lib/portal/campaign'
import { isValidTenantSlug } from '@/lib/tenants/slug'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

const bodySchema = z.object({
  channel: z.string().max(40).optional(),
  kampagne: z.string().max(40).optional(),
})

export async function POST(request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const { tenant } = await params
  // X-Requested-With cannot be sent cross-site without a preflight this route does not answer.
  if (!isValidTenantSlug(tenant) || !request.headers.get('x-requested-with'))
    return new Response(null, { status: 400, headers: NO_STORE })
  const parsed = bodySchema.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return new Response(null, { status: 400, headers: NO_STORE })
  const channel = campaignValue(parsed.data.channel)
  const kampagne = campaignValue(parsed.data.kampagne)
  if (!channel && !kampagne) return new Response(null, { status: 400, headers: NO_STORE })
  await rememberCampaign(tenant, { channel, kampagne })
  return new Response(null, { status: 204, headers: NO_STORE })
}
