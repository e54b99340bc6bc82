'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { LogIn, LogOut, UserRound, type LucideIcon } from 'lucide-react'
import { useSession } from './use-session'
import styles from './site-header.module.css'

/** A header link: icon and text; on a phone the text is read out but not shown, so the header stays one row. */
function HeaderLink({ href, icon: Icon, text }: { href: string; icon: LucideIcon; text: string }) {
  return (
    <Link href={href} className={styles.navLink}>
      <Icon aria-hidden="true" focusable="false" className={styles.navIcon} />
      <span className={styles.navText}>{text}</span>
    </Link>
  )
}

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
    <nav className={`site-header__nav ${styles.nav}`} aria-label={props.label}>
      <ul className={styles.navList}>
        {data?.loggedIn ? (
          <>
            <li>
              <HeaderLink href={props.dashboardHref} icon={UserRound} text={t('personalArea')} />
            </li>
            <li>
              <HeaderLink href={props.logoutHref} icon={LogOut} text={t('logout')} />
            </li>
          </>
        ) : (
          <li>
            <HeaderLink href={props.loginHref} icon={LogIn} text={t('login')} />
          </li>
        )}
      </ul>
    </nav>
  )
}
