'use client'

import { useActionState, useEffect, useRef, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

type Props = {
  action: FormAction
  fields: Record<string, string | undefined>
  label: string
  pendingLabel: string
  successText?: string
  /** Send at once when the page is shown (default); otherwise only on the button. */
  autoSubmit?: boolean
  /**
   * The way on under an error, by its code (the link used before, say): with one, the error is a notice
   * of how things stand (shown as information), not a failure.
   */
  afterError?: Partial<Record<string, ReactNode>>
}

/**
 * Uses a single-use link token (login link, admin token, newsletter confirmation) by POST, started by
 * the browser as soon as the page is shown. Link checkers of mail providers fetch the page without
 * running scripts, so they never use a token up; without scripts the button does the same.
 */
export function TokenLoginForm({
  action,
  fields,
  label,
  pendingLabel,
  successText,
  autoSubmit = true,
  afterError,
}: Props) {
  const te = useTranslations('Errors')
  const [state, formAction, pending] = useActionState(action, {})
  const form = useRef<HTMLFormElement>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !autoSubmit) return
    started.current = true
    form.current?.requestSubmit()
  }, [autoSubmit])
  const done = Boolean(state.error || state.ok)
  const wayOn = state.error ? afterError?.[state.error] : undefined
  return (
    <form ref={form} className="form" action={formAction}>
      {wayOn ? (
        <p className="alert alert--info" role="status">
          {te(state.error!)}
        </p>
      ) : (
        <FormStatus error={state.error} success={state.ok ? successText : undefined} />
      )}
      {wayOn}
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {!done && <SubmitRow pending={pending} label={label} pendingLabel={pendingLabel} />}
    </form>
  )
}
