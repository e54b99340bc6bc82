'use client'

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
