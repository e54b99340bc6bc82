'use client'

import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import type { ErrorCode } from '@/lib/shared/errors'
import type { FormAction } from '@/lib/portal/form-state'
import { TextField } from '@/components/ui/text-field'
import { currentPasswordRules } from '@/components/ui/field-rules'
import { SubmitRow } from '@/components/ui/submit-button'
import { PortalFields } from './portal-fields'
import type { PasswordValidator } from '@/lib/contracts/password'
import { PasswordFields, type PasswordValues } from './password-fields'
import { useActionForm } from './use-validated-submit'

type Fields = PasswordValues & { oldPassword: string }

type Props = {
  action: FormAction
  tenant: string
  widget?: string
  /** The main API's password rule (GET /account/passwortvalidator); null: the built-in one. */
  passwordRule?: PasswordValidator | null
}

/** Answers of the main API the form explains itself; anything else is the SPEC's failure text. */
const OWN_MESSAGES: ErrorCode[] = [
  'PasswortFalsch',
  'KontoGesperrt',
  'NichtAuthorisiert',
  'UngueltigeEingabe',
]

/** Current password, new password twice; the SPEC's success and failure texts (§8). */
export function ChangePasswordForm({ action, tenant, widget, passwordRule }: Props) {
  const t = useTranslations('ChangePassword')
  const ts = useTranslations('Success')
  const tv = useTranslations('Validation')
  const te = useTranslations('Errors')
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(action)
  const { reset } = form
  useEffect(() => {
    if (state.ok) reset()
  }, [state, reset])
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
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
      <TextField
        id="change-old"
        label={t('oldPassword')}
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.oldPassword?.message}
        registration={form.register('oldPassword', currentPasswordRules(t('oldPassword'), tv))}
      />
      <PasswordFields idPrefix="change" form={form} rule={passwordRule} />
      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  )
}
