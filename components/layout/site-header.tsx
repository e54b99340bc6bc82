import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { href, sessionUrlOf, type PortalContext } from '@/lib/routes/href'
import { SessionStatus } from './session-status'
import styles from './site-header.module.css'

export async function SiteHeader({ ctx, config }: { ctx: PortalContext; config: PublicTenantConfig }) {
  const t = await getTranslations('Layout')
  const s = config.Settings
  return (
    <header className={`site-header ${styles.header}`}>
      <div className={`container site-header__inner ${styles.inner}`}>
        {/* The accessible name starts with the visible text (WCAG 2.5.3) and says where the link goes. */}
        <Link className={`site-header__brand ${styles.brand}`} href={href(ctx, 'Homepage')}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG needs no optimisation */}
          <img src={`/assets/brands/${s.BrandVariant}/logo.svg`} alt="" width={40} height={40} />
          <span className={`site-header__programme ${styles.programme}`}>
            <span className={styles.programmeName}>{s.ProgrammName}</span>{' '}
            <span className="site-header__tenant">{s.Name}</span>
          </span>
          <span className="visually-hidden"> – {t('homeLink')}</span>
        </Link>
        {!s.IsAutologin && (
          <SessionStatus
            label={t('mainNavigation')}
            sessionUrl={sessionUrlOf(ctx)}
            loginHref={href(ctx, 'Login')}
            dashboardHref={href(ctx, 'Dashboard')}
            logoutHref={href(ctx, 'Logout')}
            agencyAreaHref={href(ctx, 'AgencyArea')}
            ssoHref={href(ctx, 'SingleSignOn')}
          />
        )}
      </div>
    </header>
  )
}
