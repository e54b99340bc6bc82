import { getTranslations } from 'next-intl/server'
import { embedPageOf } from '@/lib/portal/embed/embed-page'
import { prefixOf, type PortalContext } from '@/lib/routes/href'
import { frameOrigins } from '@/lib/edge/security-headers.mjs'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { IntegratedFrameGuard } from './integrated-frame-guard'
import { WidgetBridge } from './widget-bridge'

/**
 * The portal's side of embedding (README, "Embedding the portal"): the widget bridge for the tenant's
 * registered host origins, and under ModuleIntegratedFrame the guard that sends other frames to the
 * tenant's embed page. Both decide in the browser; the HTML is the same for every visitor.
 * Needs a Suspense boundary above it (search parameters).
 */
export async function Embedding({ ctx, config }: { ctx: PortalContext; config: PublicTenantConfig }) {
  const settings = config.Settings
  const origins = frameOrigins(settings.FrameAncestors)
  // Portal paths in messages and host hashes start after the tenant, so they keep the locale ("/en/…").
  const prefix = prefixOf(ctx, 'de')
  const embedPage = settings.ModuleIntegratedFrame ? embedPageOf(settings) : null
  const t = await getTranslations('Embed')
  return (
    <>
      {origins.length > 0 && <WidgetBridge prefix={prefix} frameOrigins={origins} />}
      {embedPage && (
        <IntegratedFrameGuard
          embedPage={embedPage}
          prefix={prefix}
          frameOrigins={origins}
          notice={t('leaving', { mandant: settings.Name })}
          linkLabel={t('open', { mandant: settings.Name })}
        />
      )}
    </>
  )
}
