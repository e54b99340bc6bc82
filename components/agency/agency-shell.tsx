import Link from 'next/link'
import type { ReactNode } from 'react'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import type { AgencyView } from '@/lib/shared/agency/roles'
import { shortenText } from '@/lib/shared/text/shorten'
import type { ActiveAgencySession } from '@/lib/portal/agency-session'
import { AGENCY_VIEW_SLUGS } from '@/lib/routes/agency-views'
import { href, segmentOf, type PortalContext } from '@/lib/routes/href'
import { AgencySessionWatch } from './agency-session-watch'
import styles from './agency.module.css'

type Props = {
  ctx: PortalContext
  session: ActiveAgencySession
  /** The tabs: the views of the user's role that have a screen, in the order of AGENCY_VIEWS. */
  tabs: readonly AgencyView[]
  current: AgencyView
  checkIntervalSeconds: number
  logout: (formData: FormData) => Promise<void>
  children: ReactNode
}

/** The frame of every agency screen: agency and person, the role's tabs, logout, the session check. */
export async function AgencyShell({
  ctx,
  session,
  tabs,
  current,
  checkIntervalSeconds,
  logout,
  children,
}: Props) {
  const t = await getAgencyTranslations('Agency')
  const { user } = session
  const role = user.roles[0]
  return (
    <div className={styles.area}>
      <AgencySessionWatch
        statusUrl={`/api/agency-session/${encodeURIComponent(segmentOf(ctx))}`}
        endedHref={href(ctx, 'AgencyArea', undefined, { fehler: 'PSOF0204' })}
        expiresAt={session.expiresAt}
        intervalSeconds={checkIntervalSeconds}
      />
      <header className={styles.header}>
        <div>
          <p className={styles.agency}>{user.agentur.name}</p>
          <p className={styles.person}>
            {t('signedInAs', { name: shortenText(user.name || user.email) })}
            {role && <span className={styles.role}>{t(`roles.${role}`)}</span>}
          </p>
        </div>
        <form action={logout}>
          <input type="hidden" name="tenant" value={segmentOf(ctx)} />
          <button className="button button--secondary" type="submit">
            {t('logout')}
          </button>
        </form>
      </header>
      <nav aria-label={t('tabsLabel')} className={styles.tabs}>
        <ul>
          {tabs.map((view) => (
            <li key={view}>
              <Link
                href={href(ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS[view] })}
                aria-current={view === current ? 'page' : undefined}
                className={styles.tab}
              >
                {t(`views.${view}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  )
}
