import { Suspense } from 'react'
import { ExitIntentPopup } from '@/components/exit-intent/exit-intent-popup'
import { PageTracker } from '@/components/tracking/page-tracker'
import { consentModeOf } from '@/lib/portal/consent/mode'
import { env } from '@/lib/shared/env'
import { href, type PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { ConsentManager } from './consent-manager'
import { ConsentSetup } from './consent-setup'
import { ConsentToolLoader } from './consent-tool-loader'

/**
 * Everything of a tenant page that depends on consent: the store's setup, the consent manager or the
 * tenant's consent tool, the tracker and the exit-intent popup. All of it decides in the browser, so
 * the page's HTML stays the same for every visitor (cached pages).
 */
export function ConsentLayer({ ctx, config }: { ctx: PortalContext; config: PublicTenantConfig }) {
  const s = config.Settings
  const mode = consentModeOf(s)
  // The tracking ids of the environment this server runs in (SPEC §3 configuration per environment).
  const siteIds = s.trackings[env().APP_ENV]
  return (
    <>
      <ConsentSetup tenant={ctx.tenant} cookie={s.ConsentCookie} />
      {mode === 'internal' && <ConsentManager ctx={ctx} privacyHref={href(ctx, 'Privacy')} />}
      {mode === 'tool' && <ConsentToolLoader scriptUrl={s.ConsentTool.ScriptUrl} />}
      <Suspense fallback={null}>
        {mode !== 'none' && siteIds.length > 0 && (
          <PageTracker
            ctx={ctx}
            endpoint={`/api/tracking/${encodeURIComponent(ctx.tenant)}`}
            siteIds={siteIds}
            visitorCookieDays={s.Limits.CookieLifetimeDays}
          />
        )}
        {s.Limits.ExitIntentEnabled && (
          <ExitIntentPopup
            delayMs={s.Limits.ExitIntentMs}
            ctaHref={href(ctx, 'Homepage', undefined, undefined, 'categories-title')}
            programme={s.ProgrammName}
          />
        )}
      </Suspense>
    </>
  )
}
