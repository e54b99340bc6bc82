// GET /api/dev/captcha/{id} — the answer of a captcha challenge, for automated tests (DEV_TOOLS=true only)
import { z } from 'zod'
import { captchaAnswer, devToolsEnabled } from '@/lib/engine/dev/dev-tools'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = z.uuid().safeParse((await params).id)
  const answer = devToolsEnabled() && id.success ? await captchaAnswer(id.data) : null
  if (!answer) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  return Response.json({ Loesung: answer }, { headers: NO_STORE })
}
