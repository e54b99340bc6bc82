// GET /api/dev/schreibstand — the database's write watermark, for tests that prove a refusal changed
// nothing (DEV_TOOLS=true only)
import { devToolsEnabled, writeWatermark } from '@/lib/engine/dev/dev-tools'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function GET() {
  if (!devToolsEnabled()) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  return Response.json({ Schreibstand: await writeWatermark() }, { headers: NO_STORE })
}
