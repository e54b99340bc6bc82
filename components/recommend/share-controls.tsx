'use client'

import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslations } from 'next-intl'
import { followDeepLink } from '@/lib/shared/share/deep-link'

/** The personal link in a read-only field with a copy button and an announced result. */
export function CopyLink({ link }: { link: string }) {
  const t = useTranslations('Share')
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
  return (
    <div className="field copy-link">
      <label htmlFor="share-link">{t('linkLabel')}</label>
      <div className="copy-link__row">
        <input
          id="share-link"
          ref={field}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
      <p className={result === 'failed' ? 'field__error' : 'copy-link__status'} role="status">
        {result === 'copied' ? t('copied') : result === 'failed' ? t('copyFailed') : ''}
      </p>
    </div>
  )
}

const noSubscribe = () => () => undefined

/** The system's share sheet (Web Share API), offered only where the browser has one. */
export function NativeShare({ title, text }: { title: string; text: string }) {
  const t = useTranslations('Share')
  const supported = useSyncExternalStore(
    noSubscribe,
    () => typeof navigator.share === 'function',
    () => false,
  )
  if (!supported) return null
  return (
    <p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          // Cancelling the sheet rejects; nothing to report then.
          navigator.share({ title, text }).catch(() => undefined)
        }}
      >
        {t('nativeShare')}
      </button>
    </p>
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
