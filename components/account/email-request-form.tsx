'use client'

import { useTranslations } from 'next-intl'
import { isEmail } from '@/lib/contracts/form-rules'
import type { FormAction } from '@/lib/portal/form-state'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
import { useActionForm } from './use-validated-submit'

type Props = {
  action: FormAction
  tenant: string
  idPrefix: string
  labels: { email: string; submit: string; submitting: string; sent: string }
  /** A known address to start with (e.g. where the opt-in mail went). */
  defaultEmail?: string
  /** Where the mailed link leads once used (a login's return target), sent along as it is. */
  redirect?: string
}

/**
 * One e-mail field that asks for a mail (password forgotten, welcome mail again). The answer never
 * tells whether the address has an account; after sending, the form stays so it can be sent again.
 */
export function EmailRequestForm({ action, tenant, idPrefix, labels, defaultEmail, redirect }: Props) {
  const tv = useTranslations('Validation')
  const { state, formAction, pending, form, submit } = useActionForm<{ email: string }>(action, {
    email: defaultEmail ?? '',
  })
  const id = `${idPrefix}-email`
  const error = form.formState.errors.email?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FormStatus error={state.error} success={state.ok ? labels.sent : undefined} />
      <input type="hidden" name="tenant" value={tenant} />
      {redirect !== undefined && <input type="hidden" name="redirect" value={redirect} />}
      <div className="field">
        <label htmlFor={id}>{labels.email}</label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          {...invalidProps(`${id}-error`, error)}
          {...form.register('email', {
            required: tv('requiredField', { field: labels.email }),
            validate: (v) => isEmail(v) || tv('email'),
          })}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <SubmitRow pending={pending} label={labels.submit} pendingLabel={labels.submitting} />
    </form>
  )
}
