// PUT /api/dev/zurueckdatieren/{tenant}/{nr}?tage=N — moves a recommendation and its recipients N days
// into the past, for end-to-end tests of the complaint period on the real clock (only with DEV_TOOLS=true)
import { z } from 'zod'
import { backdateRecommendation, devToolsEnabled } from '@/lib/engine/dev/dev-tools'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }
const input = z.object({
  tenant: z.string().regex(/^[a-z0-9-]{1,40}$/),
  nr: z.string().regex(/^[0-9A-Z]{10}$/),
  tage: z.coerce.number().int().min(1).max(400),
})

export async function PUT(request: Request, { params }: { params: Promise<{ tenant: string; nr: string }> }) {
  const parsed = input.safeParse({ ...(await params), tage: new URL(request.url).searchParams.get('tage') })
  const done =
    devToolsEnabled() &&
    parsed.success &&
    (await backdateRecommendation(parsed.data.tenant, parsed.data.nr, parsed.data.tage))
  if (!done) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  return Response.json({ Zurueckdatiert: parsed.data.tage }, { headers: NO_STORE })
}
