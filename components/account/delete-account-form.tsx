'use client'

import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { FormState } from '@/lib/portal/form-state'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { useValidatedSubmit } from './use-validated-submit'

type Props = {
  action: (state: FormState, formData: FormData) => Promise<FormState>
  tenant: string
  widget?: string
}

/** Account deletion, only with the explicit confirmation ticked. */
export function DeleteAccountForm({ action, tenant, widget }: Props) {
  const t = useTranslations('MyData')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, trigger, formState } = useForm<{ confirm: boolean }>({ mode: 'onTouched' })
  const onSubmit = useValidatedSubmit(trigger, formAction)
  const error = formState.errors.confirm?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <div className="field field--check">
        <input
          id="delete-confirm"
          type="checkbox"
          {...invalidProps('delete-confirm-error', error)}
          {...register('confirm', { required: tv('consentRequired') })}
        />
        <label htmlFor="delete-confirm">{t('deleteConfirm')}</label>
        <FieldError id="delete-confirm-error" message={error} />
      </div>
      <div>
        <SubmitButton
          pending={pending}
          label={t('deleteSubmit')}
          pendingLabel={t('deleting')}
          variant="danger"
        />
      </div>
    </form>
  )
}
