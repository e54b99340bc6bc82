'use client'

import { useEffect, useRef, useState } from 'react'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { allGiven, requiredOnly, type ConsentDecision } from '@/lib/portal/consent/categories'
import { registerSettingsOpener, setConsent, setConsentOverlay, useConsent } from '@/lib/portal/consent/store'
import { suppressesConsentBanner } from '@/lib/portal/consent/suppressed-routes'
import { useWidgetMode } from '@/lib/portal/embed/use-widget-mode'
import type { PortalContext } from '@/lib/routes/href'
import { ConsentBanner } from './consent-banner'
import { ConsentDialog } from './consent-dialog'

/**
 * The internal consent manager (tenant setting useInternalConsentManager). Cached pages are the same
 * for every visitor, so it decides in the browser: the banner shows while any category is unset
 * (SPEC §4), except on the privacy and imprint pages (§2.4), and comes back on every other page until
 * a choice is stored. The dialog opens from the banner and from the footer ('Cookie-Einstellungen').
 * The banner is in the page's HTML (rendered while the browser's consent is not known yet), so it comes
 * with the first paint; a stored decision hides it before that (lib/edge/first-paint.mjs) and removes
 * it once the consent is read.
 */
export function ConsentManager({ ctx, privacyHref }: { ctx: PortalContext; privacyHref: string }) {
  const t = useTranslations('Consent')
  const consent = useConsent()
  const pathname = usePathname()
  const [dialogOpen, setDialogOpen] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const bannerRef = useRef<HTMLElement>(null)
  // In widget mode the host page owns consent: no banner of our own (nothing optional is stored unasked).
  const widget = useWidgetMode()
  const bannerVisible =
    (consent === null || consent.needsConfiguration) &&
    !dialogOpen &&
    !widget &&
    !suppressesConsentBanner(ctx, pathname)

  useEffect(() => registerSettingsOpener(() => setDialogOpen(true)), [])

  useEffect(() => {
    setConsentOverlay('banner', bannerVisible)
    setConsentOverlay('dialog', dialogOpen)
    return () => {
      setConsentOverlay('banner', false)
      setConsentOverlay('dialog', false)
    }
  }, [bannerVisible, dialogOpen])

  // The fixed banner covers the bottom of the page: the page gets that much space below, and focused
  // elements scroll clear of it (scroll-padding).
  useEffect(() => {
    const banner = bannerRef.current
    if (!bannerVisible || !banner) return
    const root = document.documentElement
    const apply = () => {
      const height = `${banner.offsetHeight}px`
      document.body.style.paddingBottom = height
      root.style.scrollPaddingBottom = height
    }
    apply()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply)
    observer?.observe(banner)
    return () => {
      observer?.disconnect()
      document.body.style.paddingBottom = ''
      root.style.scrollPaddingBottom = ''
    }
  }, [bannerVisible])

  function decide(decision: ConsentDecision, fromBanner: boolean) {
    setConsent(decision)
    setDialogOpen(false)
    setAnnouncement(t('saved'))
    // The banner's buttons are gone with the decision: the focus goes on with the page's content.
    if (fromBanner) document.getElementById('main')?.focus({ preventScroll: true })
  }

  return (
    <>
      {bannerVisible && (
        <ConsentBanner
          ref={bannerRef}
          privacyHref={privacyHref}
          onAcceptAll={() => decide(allGiven(), true)}
          onRequiredOnly={() => decide(requiredOnly(), true)}
          onSettings={() => setDialogOpen(true)}
        />
      )}
      <ConsentDialog
        open={dialogOpen}
        state={consent?.state ?? null}
        onSave={(decision) => decide(decision, false)}
        onClose={() => setDialogOpen(false)}
      />
      {/* A live region without the status role: the page's own status messages stay the only ones. */}
      <p aria-live="polite" className="visually-hidden" data-consent-announcement="">
        {announcement}
      </p>
    </>
  )
}
