import { notFound } from 'next/navigation'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

// /404 (FileNotFound): the not-found screen with a 404 status.
export const revalidate = 3600

export default async function FileNotFoundPage({ params }: { params: Promise<PortalParams> }) {
  await resolvePortal(params)
  notFound()
}
