import type { Metadata, Viewport } from 'next'
import { Suspense, type ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { getTranslations } from 'next-intl/server'
import { SiteHeader } from '@/components/layout/site-header'
import { SiteFooter } from '@/components/layout/site-footer'
import { SessionWatch } from '@/components/layout/session-watch'
import { WidgetKeeper } from '@/components/layout/widget-keeper'
import { ForcedLoginGate } from '@/components/layout/forced-login-gate'
import { messagesFor } from '@/lib/i18n/messages'
import { tenantParamOf } from '@/lib/routes/href'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import '../../globals.css'

// Tenant pages render on first request per tenant and locale and are then served from cache.
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

type Props = { children: ReactNode; params: Promise<PortalParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { config } = await resolvePortal(params)
  const t = await getTranslations('Meta')
  const values = { programm: config.Settings.ProgrammName, mandant: config.Settings.Name }
  return { title: t('title', values), description: t('description', values) }
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default async function TenantLayout({ children, params }: Props) {
  const { ctx, config } = await resolvePortal(params)
  const t = await getTranslations('Layout')
  const all = messagesFor(ctx.locale)
  // Only what client components use goes to the browser.
  const clientMessages = {
    Layout: all.Layout,
    Footer: all.Footer,
    Language: all.Language,
    Login: all.Login,
    Dashboard: all.Dashboard,
    ErrorPage: all.ErrorPage,
    Errors: all.Errors,
    Validation: all.Validation,
  }
  const sessionUrl = `/api/session/${encodeURIComponent(tenantParamOf(ctx))}`
  return (
    <html lang={ctx.locale} data-brand={config.Settings.BrandVariant}>
      <body>
        <NextIntlClientProvider locale={ctx.locale} messages={clientMessages} timeZone="Europe/Berlin">
          <a className="skip-link" href="#main">
            {t('skipLink')}
          </a>
          <SessionWatch sessionUrl={sessionUrl} />
          <SiteHeader ctx={ctx} config={config} />
          <Suspense fallback={null}>
            <WidgetKeeper />
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
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
