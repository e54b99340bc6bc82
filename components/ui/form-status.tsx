'use client'

import { useEffect, useRef } from 'react'
import { useTranslations } from 'next-intl'
import type { ErrorCode } from '@/lib/shared/errors'

/** The answer of a form's action: an error of the catalogue (announced at once) or a success text. */
export function FormStatus({ error, success }: { error?: ErrorCode; success?: string }) {
  const te = useTranslations('Errors')
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        {te(error)}
      </div>
    )
  if (success)
    return (
      <div className="alert alert--success" role="status">
        {success}
      </div>
    )
  return null
}

/**
 * The error of a form's action that takes the focus when it comes (each new answer with an error takes
 * it again), so a screen reader reads it and the keyboard goes on from there; nothing without an error.
 */
export function FocusedFormError({ state }: { state: { error?: ErrorCode } }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (state.error) ref.current?.focus()
  }, [state])
  if (!state.error) return null
  return (
    <div ref={ref} tabIndex={-1}>
      <FormStatus error={state.error} />
    </div>
  )
}
