'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useSession } from './use-session'

/**
 * Login state in the header. Cached public pages are the same for everyone, so the state is read
 * in the browser from a no-store session route.
 */
export function SessionStatus(props: {
  sessionUrl: string
  loginHref: string
  dashboardHref: string
  logoutHref: string
}) {
  const t = useTranslations('Session')
  const { data } = useSession(props.sessionUrl)
  return (
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
  )
}
