// POST /api/visit/{tenant}/{nr}?channel= — counts a landing on a recommendation (BFF). Sent by the page
// from the browser, so link previews and crawlers that run no scripts are not counted.
import { recordLanding } from '@/lib/portal/main-api/recipients'
import { MainApiError } from '@/lib/portal/main-api/client'
import { clientIpFromForwarded } from '@/lib/shared/client-ip'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { visitQuerySchema } from '@/lib/contracts/recipient'
import { parseTenantParam } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function POST(
  request: Request,
  { params }: { params: Promise<{ tenant: string; nr: string }> },
) {
  const { tenant, nr } = await params
  const ctx = parseTenantParam(tenant)
  const nummer = recommendationNumberSchema.safeParse(nr)
  const query = visitQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!ctx || !nummer.success || !query.success || !request.headers.get('x-requested-with'))
    return new Response(null, { status: 400, headers: NO_STORE })
  try {
    const clientIp = clientIpFromForwarded(request.headers.get('x-forwarded-for'))
    await recordLanding(
      { tenant: ctx.tenant, clientIp },
      { nummer: nummer.data, channel: query.data.channel },
    )
  } catch (error) {
    if (error instanceof MainApiError && error.status < 500)
      return new Response(null, { status: 404, headers: NO_STORE })
    throw error
  }
  return new Response(null, { status: 204, headers: NO_STORE })
}
