// GET /api/dev/mailbox?tenant=&to= — the local mailbox of the embedded mail transport (DEV_TOOLS=true only)
import { mailboxQuerySchema } from '@/lib/contracts/dev'
import { devToolsEnabled, listMailbox } from '@/lib/engine/dev/dev-tools'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function GET(request: Request) {
  if (!devToolsEnabled()) return Response.json({ Code: 'NichtGefunden' }, { status: 404, headers: NO_STORE })
  const query = mailboxQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return Response.json({ Code: 'UngueltigeEingabe' }, { status: 400, headers: NO_STORE })
  return Response.json({ Nachrichten: await listMailbox(query.data) }, { headers: NO_STORE })
}
