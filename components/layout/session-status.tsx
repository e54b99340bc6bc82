'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useSession } from './use-session'

/**
 * The referrer's login state in the header. Cached public pages are the same for everyone, so the
 * state is read in the browser from a no-store session route. The agency area (and its single sign-on
 * return) has its own sign-in and session: there the referrer's links would only mislead.
 */
export function SessionStatus(props: {
  label: string
  sessionUrl: string
  loginHref: string
  dashboardHref: string
  logoutHref: string
  agencyAreaHref: string
  ssoHref: string
}) {
  const t = useTranslations('Session')
  const pathname = usePathname()
  const inAgencyArea =
    pathname === props.ssoHref ||
    pathname === props.agencyAreaHref ||
    pathname.startsWith(`${props.agencyAreaHref}/`)
  const { data } = useSession(inAgencyArea ? null : props.sessionUrl)
  if (inAgencyArea) return null
  return (
    <nav className="site-header__nav" aria-label={props.label}>
      <ul>
        {data?.loggedIn ? (
          <>
            <li>
              <Link href={props.dashboardHref}>{t('personalArea')}</Link>
            </li>
            <li>
              <Link href={props.logoutHref}>{t('logout')}</Link>
            </li>
          </>
        ) : (
          <li>
            <Link href={props.loginHref}>{t('login')}</Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
