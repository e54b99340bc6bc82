'use client'

import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { emailSchema } from '@/lib/contracts/account'
import type { FormAction } from '@/lib/portal/form-state'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { useValidatedSubmit } from './use-validated-submit'

type Props = {
  action: FormAction
  tenant: string
  idPrefix: string
  labels: { email: string; submit: string; submitting: string; sent: string }
  /** A known address to start with (e.g. where the opt-in mail went). */
  defaultEmail?: string
}

/**
 * One e-mail field that asks for a mail (password forgotten, welcome mail again). The answer never
 * tells whether the address has an account; after sending, the form stays so it can be sent again.
 */
export function EmailRequestForm({ action, tenant, idPrefix, labels, defaultEmail }: Props) {
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '' },
  })
  const onSubmit = useValidatedSubmit(handleSubmit, formAction)
  const id = `${idPrefix}-email`
  const error = formState.errors.email?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      <FormStatus error={state.error} success={state.ok ? labels.sent : undefined} />
      <input type="hidden" name="tenant" value={tenant} />
      <div className="field">
        <label htmlFor={id}>{labels.email}</label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          {...invalidProps(`${id}-error`, error)}
          {...register('email', {
            required: tv('requiredField', { field: labels.email }),
            validate: (v) => emailSchema.safeParse(v).success || tv('email'),
          })}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div>
        <SubmitButton pending={pending} label={labels.submit} pendingLabel={labels.submitting} />
      </div>
    </form>
  )
}
