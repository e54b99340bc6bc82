'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { Ref } from 'react'
import styles from './consent.module.css'

type Props = {
  privacyHref: string
  onAcceptAll: () => void
  onRequiredOnly: () => void
  onSettings: () => void
  ref?: Ref<HTMLElement>
}

/**
 * The consent banner (SPEC §2.2): not modal, the page stays usable; 'Alle akzeptieren' and
 * 'Nur erforderliche' carry the same weight.
 */
export function ConsentBanner({ privacyHref, onAcceptAll, onRequiredOnly, onSettings, ref }: Props) {
  const t = useTranslations('Consent')
  return (
    <section ref={ref} className={styles.banner} aria-labelledby="consent-banner-title">
      <div className={`container ${styles.bannerInner}`}>
        <div>
          <h2 id="consent-banner-title" className={styles.bannerTitle}>
            {t('bannerTitle')}
          </h2>
          <p className={styles.bannerText}>
            {t.rich('bannerText', { privacy: (chunks) => <Link href={privacyHref}>{chunks}</Link> })}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onAcceptAll}>
            {t('acceptAll')}
          </button>
          <button type="button" className="button" onClick={onRequiredOnly}>
            {t('requiredOnly')}
          </button>
          <button type="button" className="button button--secondary" onClick={onSettings}>
            {t('settings')}
          </button>
        </div>
      </div>
    </section>
  )
}
