// DELETE /api/recipient/{tenant} — forgets the recipient this browser remembered (BFF): SPEC §7.9, a
// failed check of the stored recipient removes it
import { parseTenantParam } from '@/lib/routes/href'
import { forgetRecipient, storedRecipient } from '@/lib/portal/session'

export const dynamic = 'force-dynamic'

export async function DELETE(request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const ctx = parseTenantParam((await params).tenant)
  if (!ctx || !request.headers.get('x-requested-with')) return new Response(null, { status: 400 })
  if (await storedRecipient(ctx.tenant)) await forgetRecipient()
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
