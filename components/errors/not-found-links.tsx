'use client'

import Link from 'next/link'
import { useParams } from 'next/navigation'
import { parseTenantParam, pathHref } from '@/lib/routes/href'

/**
 * The ways on from a not-found screen, which has no params of its own: built from the URL's tenant
 * (and language). Each link is a path of the portal ('/' for home, '/code' for the code entry).
 */
export type NotFoundLink = { path: string; label: string; secondary?: boolean }

export function NotFoundLinks({ links }: { links: NotFoundLink[] }) {
  const params = useParams<{ tenant?: string }>()
  const ctx = params.tenant ? parseTenantParam(params.tenant) : null
  return (
    <div className="button-row">
      {links.map((link) => (
        <Link
          key={link.path}
          className={link.secondary ? 'button button--secondary' : 'button'}
          href={ctx ? pathHref(ctx, link.path) : link.path}
        >
          {link.label}
        </Link>
      ))}
    </div>
  )
}
