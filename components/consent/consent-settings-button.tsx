'use client'

import { useTranslations } from 'next-intl'
import { openConsentSettings } from '@/lib/portal/consent/store'
import { CONSENT_SETTINGS_EVENT } from '@/lib/portal/consent/bridge'

/**
 * The footer's 'Cookie-Einstellungen' (SPEC §2.2): opens the consent settings at any time, the internal
 * dialog or a consent tool's own (through the bridge, else the window event psoempf:consent-settings).
 */
export function ConsentSettingsButton() {
  const t = useTranslations('Consent')
  return (
    <button
      type="button"
      className="button button--link"
      onClick={() => {
        if (!openConsentSettings()) window.dispatchEvent(new CustomEvent(CONSENT_SETTINGS_EVENT))
      }}
    >
      {t('footerButton')}
    </button>
  )
}
