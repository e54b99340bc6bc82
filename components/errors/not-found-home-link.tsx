'use client'

import Link from 'next/link'
import { useParams } from 'next/navigation'
import { parseTenantParam, pathHref } from '@/lib/routes/href'

/** The not-found screen has no params of its own: the home link is built from the URL's. */
export function NotFoundHomeLink({ label }: { label: string }) {
  const params = useParams<{ tenant?: string }>()
  const ctx = params.tenant ? parseTenantParam(params.tenant) : null
  const home = ctx ? pathHref(ctx, '/') : '/'
  return (
    <Link className="button" href={home}>
      {label}
    </Link>
  )
}
