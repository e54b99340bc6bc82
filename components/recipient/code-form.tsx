'use client'

import { useTranslations } from 'next-intl'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { CaptchaField } from '@/components/account/captcha-field'
import { useActionForm } from '@/components/account/use-validated-submit'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

type Props = {
  action: FormAction
  reloadCaptcha: CaptchaReload
  tenant: string
}

/** The recommendation code as printed on the card (ABCD-EFGH); the captcha once the server demands it. */
export function CodeForm({ action, reloadCaptcha, tenant }: Props) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const { state, formAction, pending, form, submit } = useActionForm<{ code: string }>(action)
  const error = form.formState.errors.code?.message
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
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
          {...form.register('code', {
            validate: (v) => v.trim().length > 0 || tv('requiredField', { field: t('codeLabel') }),
          })}
        />
        <FieldError id="code-error" message={error} />
      </div>
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <SubmitRow pending={pending} label={t('codeSubmit')} pendingLabel={t('codeSubmitting')} />
    </form>
  )
}
