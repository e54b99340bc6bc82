'use client'

import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import { isChunkError } from '@/components/layout/chunk-recovery'

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string }
  reset: () => void
}) {
  const t = useTranslations('ErrorPage')
  const chunk = isChunkError(error)
  useEffect(() => {
    console.error(error.digest ?? error.name)
  }, [error])
  return (
    <section aria-labelledby="error-title" role="alert">
      <h1 id="error-title">{t('title')}</h1>
      <p className="lead">{chunk ? t('chunkError') : t('message')}</p>
      {chunk ? (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      ) : (
        <button type="button" className="button" onClick={() => reset()}>
          {t('retry')}
        </button>
      )}
    </section>
  )
}
