'use client'

import { useEffect, useState } from 'react'
import { useTranslations } from 'next-intl'

function reloadPage() {
  window.location.reload()
}

/** Where the time of the last reload for a missing part is kept (this tab only). */
const RELOADED_AT = 'chunk-reload-at'

/** The errors of a part of the page's code or styles that did not load (SPEC §9 ChunkLoadError, CSS_CHUNK_LOAD_FAILED). */
export function isChunkError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false
  const { name, message } = reason as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return (
    typeof message === 'string' &&
    /CSS_CHUNK_LOAD_FAILED|Loading (?:CSS )?chunk [^ ]+ failed|Failed to load chunk/i.test(message)
  )
}

/**
 * A part of the page that did not load (a new version was deployed, the connection dropped): the page
 * is loaded again once. If a part is still missing within the tenant's chunk time-out (SPEC §9:
 * 120000 ms; Limits.ChunkTimeoutMs) after that reload, it is not reloaded again in a loop: the visitor
 * is told and may reload by hand.
 */
export function ChunkRecovery({
  timeoutMs,
  now = Date.now,
  reload = reloadPage,
}: {
  timeoutMs: number
  now?: () => number
  reload?: () => void
}) {
  const t = useTranslations('ErrorPage')
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const recover = (reason: unknown) => {
      if (!isChunkError(reason)) return
      const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0)
      if (now() - last > timeoutMs) {
        window.sessionStorage.setItem(RELOADED_AT, String(now()))
        reload()
      } else setFailed(true)
    }
    const onError = (event: ErrorEvent) => recover(event.error)
    const onRejection = (event: PromiseRejectionEvent) => recover(event.reason)
    window.addEventListener('error', onError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [timeoutMs, now, reload])
  if (!failed) return null
  return (
    <div className="chunk-alert" role="alert">
      <div className="container">
        <p>{t('chunkError')}</p>
        <button type="button" className="button button--secondary" onClick={reload}>
          {t('reload')}
        </button>
      </div>
    </div>
  )
}
