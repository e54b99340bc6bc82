'use client'

import { useEffect, useState } from 'react'
import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { ModalDialog, ModalHeader } from '@/components/ui/modal-dialog'
import { EXIT_INTENT_ENTRY } from '@/lib/portal/consent/registry'
import { isConsentOverlayOpen, readStorage, writeStorage } from '@/lib/portal/consent/store'
import styles from './exit-intent-popup.module.css'

type Props = {
  /** Limits.ExitIntentMs: time on the page before the popup may show (SPEC §9: 15000 ms). */
  delayMs: number
  /** The recommend call to action: the home page's categories. */
  ctaHref: string
  programme: string
}

// Once per visit: kept in memory, and with functional consent also in sessionStorage (survives reloads).
let shownThisVisit = false

/** For tests: a new visit. */
export function resetExitIntentForTests() {
  shownThisVisit = false
}

function alreadyShown(): boolean {
  return shownThisVisit || readStorage('sessionStorage', EXIT_INTENT_ENTRY.name) === '1'
}

function inFrame(): boolean {
  try {
    return window.self !== window.top
  } catch {
    return true
  }
}

/**
 * The exit-intent popup (tenant flag Limits.ExitIntentEnabled, SPEC §2.2, §9): after delayMs on the
 * page, when the pointer leaves the window through its top edge (desktop), a dialog invites the visitor
 * to recommend. Never in widget mode or inside a frame, never while the consent banner or dialog is
 * open, and at most once per visit.
 */
export function ExitIntentPopup({ delayMs, ctaHref, programme }: Props) {
  const t = useTranslations('ExitIntent')
  const widget = useSearchParams().has('widget')
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (widget || inFrame() || alreadyShown()) return
    function onLeave(event: MouseEvent) {
      if (event.relatedTarget !== null || event.clientY > 0) return
      if (performance.now() < delayMs || alreadyShown()) return
      if (isConsentOverlayOpen() || document.querySelector('dialog[open]')) return
      shownThisVisit = true
      writeStorage('sessionStorage', EXIT_INTENT_ENTRY.name, '1')
      setOpen(true)
    }
    document.addEventListener('mouseout', onLeave)
    return () => document.removeEventListener('mouseout', onLeave)
  }, [widget, delayMs])

  const close = () => setOpen(false)
  return (
    <ModalDialog open={open} onClose={close} labelledBy="exit-intent-title" describedBy="exit-intent-text">
      <ModalHeader titleId="exit-intent-title" title={t('title')} closeLabel={t('close')} onClose={close} />
      <p id="exit-intent-text">{t('text', { programm: programme })}</p>
      <p className={styles.actions}>
        <Link className="button" href={ctaHref} onClick={close}>
          {t('cta')}
        </Link>
      </p>
    </ModalDialog>
  )
}
