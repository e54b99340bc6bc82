import type { Metadata, Viewport } from 'next'
import { Suspense, type ReactNode } from 'react'
import { getTranslations } from 'next-intl/server'
import { SiteHeader } from '@/components/layout/site-header'
import { SiteFooter } from '@/components/layout/site-footer'
import { ChunkRecovery } from '@/components/layout/chunk-recovery'
import { SmoothScroll } from '@/components/layout/smooth-scroll'
import { SessionWatch } from '@/components/layout/session-watch'
import { ClientMessages } from '@/components/ui/client-messages'
import { consentModeOf } from '@/lib/portal/consent/mode'
import { WidgetKeeper } from '@/components/layout/widget-keeper'
import { CampaignCapture } from '@/components/campaign/campaign-capture'
import { ForcedLoginGate } from '@/components/layout/forced-login-gate'
import { ConsentLayer } from '@/components/consent/consent-layer'
import { Embedding } from '@/components/layout/embedding'
import { parseTenantParam, sessionUrlOf } from '@/lib/routes/href'
import { findPortal, type PortalParams } from '@/lib/portal/resolve'
import { DEFAULT_LOCALE } from '@/lib/i18n/config'
import { FIRST_PAINT_SCRIPT, TENANT_ATTRIBUTE } from '@/lib/edge/first-paint.mjs'
import '../globals.css'

// Tenant pages render on first request per tenant and locale and are then served from cache.
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

type Props = { children: ReactNode; params: Promise<PortalParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const portal = await findPortal(params)
  if (!portal) return { title: (await getTranslations('NotFound'))('title') }
  const { config } = portal
  const t = await getTranslations('Meta')
  const values = { programm: config.Settings.ProgrammName, mandant: config.Settings.Name }
  // A screen's own title is followed by the programme's name (a tab among others says whose it is).
  return {
    title: { default: t('title', values), template: `%s – ${values.programm}` },
    description: t('description', values),
  }
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default async function TenantLayout({ children, params }: Props) {
  const portal = await findPortal(params)
  // Unknown tenant or locale: notFound() here, in a root layout, would skip every not-found page and
  // show Next's bare 404. A plain frame lets the screen's own notFound() reach not-found.tsx instead.
  if (!portal) {
    const locale = parseTenantParam((await params).tenant)?.locale ?? DEFAULT_LOCALE
    return (
      <html lang={locale}>
        <body>
          <main id="main" tabIndex={-1}>
            <div className="container">{children}</div>
          </main>
        </body>
      </html>
    )
  }
  const { ctx, config } = portal
  const t = await getTranslations('Layout')
  const sessionUrl = sessionUrlOf(ctx)
  return (
    // The widget and consent marks are set before the first paint by the script below: React leaves them alone.
    <html
      lang={ctx.locale}
      data-brand={config.Settings.BrandVariant}
      {...{ [TENANT_ATTRIBUTE]: ctx.tenant }}
      suppressHydrationWarning
    >
      <head>
        <script dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />
      </head>
      <body>
        <ClientMessages
          locale={ctx.locale}
          namespaces={[
            'Session',
            'LanguageSwitch',
            'Language',
            'ErrorPage',
            // Only the texts of the parts this tenant shows travel to the browser.
            ...(consentModeOf(config.Settings) !== 'none' ? (['Consent'] as const) : []),
            ...(config.Settings.Limits.ExitIntentEnabled ? (['ExitIntent'] as const) : []),
          ]}
        >
          <a className="skip-link" href="#main">
            {t('skipLink')}
          </a>
          <SmoothScroll durationMs={config.Settings.Limits.SmoothScrollMs} />
          <ChunkRecovery timeoutMs={config.Settings.Limits.ChunkTimeoutMs} />
          <SessionWatch
            sessionUrl={sessionUrl}
            checkIntervalSeconds={config.Settings.Limits.TokenCheckIntervalSeconds}
          />
          <SiteHeader ctx={ctx} config={config} />
          {/* Right after the header: the consent banner's buttons come before the page's content for the keyboard. */}
          <ConsentLayer ctx={ctx} config={config} />
          <Suspense fallback={null}>
            <WidgetKeeper />
            <Embedding ctx={ctx} config={config} />
            <CampaignCapture tenant={ctx.tenant} />
            {config.Settings.ModuleErzwingeLogin && (
              <ForcedLoginGate
                ctx={ctx}
                sessionUrl={sessionUrl}
                settings={{
                  IsAutologin: config.Settings.IsAutologin,
                  ModuleErzwingeLogin: config.Settings.ModuleErzwingeLogin,
                }}
              />
            )}
          </Suspense>
          <main id="main" tabIndex={-1}>
            <div className="container">{children}</div>
          </main>
          <SiteFooter ctx={ctx} config={config} />
        </ClientMessages>
      </body>
    </html>
  )
}
