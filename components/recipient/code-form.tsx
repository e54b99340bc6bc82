'use client'

import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { CaptchaField } from '@/components/account/captcha-field'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'

type Props = {
  action: FormAction
  reloadCaptcha: CaptchaReload
  tenant: string
}

/** The recommendation code as printed on the card (ABCD-EFGH); the captcha once the server demands it. */
export function CodeForm({ action, reloadCaptcha, tenant }: Props) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ mode: 'onTouched' })
  const onSubmit = useValidatedSubmit(handleSubmit, formAction)
  const error = formState.errors.code?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      <div className="field">
        <label htmlFor="code-input">{t('codeLabel')}</label>
        <span className="hint" id="code-hint">
          {t('codeHint')}
        </span>
        <input
          id="code-input"
          className="code-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          {...invalidProps('code-error', error)}
          aria-describedby={error ? 'code-hint code-error' : 'code-hint'}
          {...register('code', {
            validate: (v) => v.trim().length > 0 || tv('requiredField', { field: t('codeLabel') }),
          })}
        />
        <FieldError id="code-error" message={error} />
      </div>
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <div>
        <SubmitButton pending={pending} label={t('codeSubmit')} pendingLabel={t('codeSubmitting')} />
      </div>
    </form>
  )
}
