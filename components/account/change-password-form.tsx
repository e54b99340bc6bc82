'use client'

import { useActionState, useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { ErrorCode } from '@/lib/shared/errors'
import type { FormAction } from '@/lib/portal/form-state'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { SubmitButton } from '@/components/ui/submit-button'
import { PortalFields } from './portal-fields'
import { PasswordFields, type PasswordValues } from './password-fields'
import { useValidatedSubmit } from './use-validated-submit'

type Fields = PasswordValues & { oldPassword: string }

type Props = {
  action: FormAction
  tenant: string
  widget?: string
}

/** Answers of the main API the form explains itself; anything else is the SPEC's failure text. */
const OWN_MESSAGES: ErrorCode[] = [
  'PasswortFalsch',
  'KontoGesperrt',
  'NichtAuthorisiert',
  'UngueltigeEingabe',
]

/** Current password, new password twice; the SPEC's success and failure texts (§8). */
export function ChangePasswordForm({ action, tenant, widget }: Props) {
  const t = useTranslations('ChangePassword')
  const ts = useTranslations('Success')
  const tv = useTranslations('Validation')
  const te = useTranslations('Errors')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, getValues, control, formState, reset } = useForm<Fields>({
    mode: 'onTouched',
  })
  const password = useWatch({ control, name: 'password' })
  const onSubmit = useValidatedSubmit(handleSubmit, formAction)
  useEffect(() => {
    if (state.ok) reset()
  }, [state, reset])
  const oldError = formState.errors.oldPassword?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      {state.ok && (
        <div className="alert alert--success" role="status">
          {ts('passwordChanged')}
        </div>
      )}
      {state.error && (
        <div className="alert alert--error" role="alert">
          {OWN_MESSAGES.includes(state.error) ? te(state.error) : ts('passwordChangeFailed')}
        </div>
      )}
      <PortalFields tenant={tenant} widget={widget} />
      <div className="field">
        <label htmlFor="change-old">{t('oldPassword')}</label>
        <input
          id="change-old"
          type="password"
          autoComplete="current-password"
          {...invalidProps('change-old-error', oldError)}
          {...register('oldPassword', {
            required: tv('requiredField', { field: t('oldPassword') }),
            maxLength: { value: 128, message: tv('passwordTooLong') },
          })}
        />
        <FieldError id="change-old-error" message={oldError} />
      </div>
      <PasswordFields
        idPrefix="change"
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
