// GET /api/dev/schreibstand — the database's write watermark, for tests that prove a refusal changed
// nothing (DEV_TOOLS=true only); with ?seit={watermark}, also how many transactions since then wrote
import type { NextRequest } from 'next/server'
import { devToolsEnabled, writesSince, writeWatermark } from '@/lib/engine/dev/dev-tools'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function GET(request: NextRequest) {
  if (!devToolsEnabled()) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  const since = request.nextUrl.searchParams.get('seit')
  if (since === null) return Response.json({ Schreibstand: await writeWatermark() }, { headers: NO_STORE })
  if (!/^\d{1,18}$/.test(since))
    return Response.json({ Code: 'UngueltigeEingabe' }, { status: 400, headers: NO_STORE })
  return Response.json({ Geschrieben: await writesSince(since) }, { headers: NO_STORE })
}
