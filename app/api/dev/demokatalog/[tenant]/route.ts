// PUT /api/dev/demokatalog/{tenant}?von=demo — gives a test tenant (made by the operator's PUT
// /api/v1/mandant/{tenant}) a demo tenant's catalogue, so tests can try settings on a tenant of their own
// (only with DEV_TOOLS=true)
import { z } from 'zod'
import { devToolsEnabled } from '@/lib/engine/dev/dev-tools'
import { copyDemoCatalog } from '@/lib/engine/dev/demo-catalog-copy'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }
const input = z.object({
  tenant: z.string().regex(/^[a-z0-9-]{1,40}$/),
  von: z.string().regex(/^[a-z0-9-]{1,40}$/),
})

export async function PUT(request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const parsed = input.safeParse({ ...(await params), von: new URL(request.url).searchParams.get('von') })
  const done =
    devToolsEnabled() && parsed.success && (await copyDemoCatalog(parsed.data.tenant, parsed.data.von))
  if (!done) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  return Response.json({ Katalog: parsed.data.von }, { headers: NO_STORE })
}
