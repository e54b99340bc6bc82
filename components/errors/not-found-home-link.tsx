'use client'

import Link from 'next/link'
import { useParams } from 'next/navigation'
import { isLocale } from '@/lib/i18n/config'
import { parseTenantParam, prefixOf } from '@/lib/routes/href'

/** The not-found screen has no params of its own: the home link is built from the URL's. */
export function NotFoundHomeLink({ label }: { label: string }) {
  const params = useParams<{ tenant?: string; locale?: string }>()
  const tenant = params.tenant ? parseTenantParam(params.tenant) : null
  const locale = isLocale(params.locale) ? params.locale : 'de'
  const home = tenant ? prefixOf({ tenant: tenant.slug, hostMapped: tenant.hostMapped, locale }) || '/' : '/'
  return (
    <Link className="button" href={home}>
      {label}
    </Link>
  )
}
