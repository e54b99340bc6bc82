'use client'

import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { Check, Copy, Share2 } from 'lucide-react'
import styles from './share.module.css'
import { followDeepLink } from '@/lib/shared/share/deep-link'

const noSubscribe = () => () => undefined

/** Whether the browser has a share sheet (Web Share API); false on the server and before hydration. */
function useShareSheet(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => typeof navigator.share === 'function',
    () => false,
  )
}

type ShareLinkProps = {
  /** The personal link, shown and copied as it is. */
  link: string
  /** What the share sheet gets: the message without its link, and the link marked for the click count. */
  share: { title: string; text: string; url: string }
  /** The personal area's short form: the field's label only for screen readers (a heading names it). */
  compact?: boolean
}

/**
 * The personal link, phone first: the field with the link, then one large button. Where the browser has
 * a share sheet (Web Share API) that button opens it (WhatsApp, Signal, Mail … as the phone offers them)
 * and copying is the second button; elsewhere copying takes its place. The result is announced.
 */
export function ShareLink({ link, share, compact = false }: ShareLinkProps) {
  const t = useTranslations('Share')
  const id = useId()
  const sheet = useShareSheet()
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setResult('copied')
    } catch {
      // Without clipboard access (insecure context, denied permission) the link is selected instead.
      field.current?.focus()
      field.current?.select()
      setResult('failed')
    }
  }
  const copyIcon =
    result === 'copied' ? <Check aria-hidden="true" size={20} /> : <Copy aria-hidden="true" size={20} />
  // Beside the share sheet, copying is a square button at the end of the field (named for screen readers).
  const copyButton = (primary: boolean) =>
    primary ? (
      <button type="button" className={`button ${styles.primary}`} onClick={() => void copy()}>
        {copyIcon}
        {t('copy')}
      </button>
    ) : (
      <button
        type="button"
        className={`button button--secondary ${styles.copy}`}
        onClick={() => void copy()}
        aria-label={t('copy')}
        title={t('copy')}
      >
        {copyIcon}
      </button>
    )
  return (
    <div className={compact ? `${styles.link} ${styles.linkCompact}` : styles.link}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : styles.linkLabel}>
        {t('linkLabel')}
      </label>
      <div className={styles.linkRow}>
        <input
          id={id}
          ref={field}
          className={styles.linkField}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        {sheet && copyButton(false)}
      </div>
      {sheet ? (
        <button
          type="button"
          className={`button ${styles.primary}`}
          onClick={() => {
            // Cancelling the sheet rejects; nothing to report then.
            navigator.share(share).catch(() => undefined)
          }}
        >
          <Share2 aria-hidden="true" size={22} />
          {t('nativeShare')}
        </button>
      ) : (
        copyButton(true)
      )}
      <p className={result === 'failed' ? 'field__error' : styles.status} role="status">
        {result === 'copied' ? t('copied') : result === 'failed' ? t('copyFailed') : ''}
      </p>
    </div>
  )
}

/** How long the page waits for the app to take over before it says the app is missing. */
const APP_OPEN_WAIT_MS = 1500

/**
 * The Instagram story: the picture to download, and a deep link into the app's story camera. When the
 * page stays visible and focused after the deep link, the app is not installed and a notice says so;
 * leaving the page (the app opened, or the system asks first) cancels the check.
 */
export function InstagramStory({ storyHref, fileName }: { storyHref: string; fileName: string }) {
  const t = useTranslations('Share')
  const [missing, setMissing] = useState(false)
  const pending = useRef<(() => void) | null>(null)
  useEffect(() => () => pending.current?.(), [])
  const open = () => {
    pending.current?.()
    setMissing(false)
    const cancel = () => {
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', cancel)
      window.removeEventListener('blur', cancel)
      pending.current = null
    }
    const onHidden = () => {
      if (document.visibilityState === 'hidden') cancel()
    }
    const timer = window.setTimeout(() => {
      const stayed = document.visibilityState === 'visible'
      cancel()
      if (stayed) setMissing(true)
    }, APP_OPEN_WAIT_MS)
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', cancel)
    window.addEventListener('blur', cancel)
    pending.current = cancel
    followDeepLink('instagram://story-camera')
  }
  return (
    <>
      <div className="button-row">
        <a className="button" href={storyHref} download={fileName}>
          {t('storyDownload')}
        </a>
        <button type="button" className="button button--secondary" onClick={open}>
          {t('storyOpen')}
        </button>
      </div>
      <p className="hint" role="status">
        {missing ? t('appMissing') : ''}
      </p>
    </>
  )
}

/** Prints the recommendation card (print styles show only the card). */
export function PrintCard() {
  const t = useTranslations('Share')
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        document.body.classList.add('printing-card')
        window.print()
        document.body.classList.remove('printing-card')
      }}
    >
      {t('printCard')}
    </button>
  )
}
