import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { href, type PortalContext } from '@/lib/routes/href'
import type { RouteName } from '@/lib/routes/table'
import { loadContentFlags } from '@/lib/portal/content'
import { LanguageSwitch } from './language-switch'
import { ConsentSettingsButton } from '@/components/consent/consent-settings-button'
import { consentModeOf } from '@/lib/portal/consent/mode'

export async function SiteFooter({ ctx, config }: { ctx: PortalContext; config: PublicTenantConfig }) {
  const t = await getTranslations('Footer')
  const tr = await getTranslations('RewardOverview')
  const tl = await getTranslations('Routes')
  const s = config.Settings
  // The accessibility statement: enabled by the tenant and by its content's flag (SPEC §2.2).
  const flags = s.BarrierefreiheitserklaerungEnabled ? await loadContentFlags(ctx) : null
  const accessibility = flags !== null && (flags.unavailable || flags.value.Barrierefreiheitserklaerung)
  const legal: { route: RouteName; label: string }[] = [
    ...(s.ModuleAdv ? [] : [{ route: 'Imprint' as const, label: t('imprint') }]),
    { route: 'Privacy', label: t('privacy') },
    { route: 'TOS', label: t('terms') },
    { route: 'Faq', label: t('faq') },
    { route: 'Contact', label: t('contact') },
    ...(accessibility ? [{ route: 'Accessibility' as const, label: t('accessibility') }] : []),
  ]
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('legal')}</h2>
          <ul>
            {legal.map((item) => (
              <li key={item.route}>
                <Link href={href(ctx, item.route)}>{item.label}</Link>
              </li>
            ))}
          </ul>
          {consentModeOf(s) !== 'none' && (
            <p className="site-footer__text">
              <ConsentSettingsButton />
            </p>
          )}
          {s.Display.FooterText && <p className="site-footer__text">{t('text')}</p>}
          <p className="site-footer__text">
            {t('copyright', { year: new Date().getFullYear(), mandant: s.Name })}
          </p>
        </nav>
        <nav aria-labelledby="footer-rewards">
          <h2 id="footer-rewards">{tr('footerTitle')}</h2>
          <ul>
            <li>
              <Link href={href(ctx, 'RewardOverview')}>{tl('RewardOverview')}</Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitch ctx={ctx} languages={s.Languages} />
      </div>
    </footer>
  )
}
