'use client'

import { useActionState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { PasswordFields, type PasswordValues } from './password-fields'
import { useValidatedSubmit } from './use-validated-submit'

type Props = {
  action: FormAction
  tenant: string
  token: string
  widget?: string
}

/** New password (twice) for a mailed link; on success the action logs in and opens the personal area. */
export function SetPasswordForm({ action, tenant, token, widget }: Props) {
  const t = useTranslations('SetPassword')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, getValues, control, formState } = useForm<PasswordValues>({
    mode: 'onTouched',
  })
  const password = useWatch({ control, name: 'password' })
  const onSubmit = useValidatedSubmit(handleSubmit, formAction)
  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      <input type="hidden" name="token" value={token} />
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <PasswordFields
        idPrefix="set"
        register={register}
        getValues={getValues}
        errors={formState.errors}
        value={password}
      />
      <div>
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  )
}
