import { redirect } from 'next/navigation'
import { carriedQuery, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href } from '@/lib/routes/href'

// Unknown paths redirect to /404 (SPEC §2.1). Rendered per request so random paths fill no cache.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams & { unknown: string[] }>; searchParams: Promise<SearchParams> }

export default async function UnknownPath({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  redirect(href(portal.ctx, 'FileNotFound', undefined, carriedQuery(await searchParams)))
}
