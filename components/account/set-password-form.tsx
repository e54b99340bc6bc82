'use client'

import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
import type { PasswordValidator } from '@/lib/contracts/password'
import { PasswordFields, type PasswordValues } from './password-fields'
import { useActionForm } from './use-validated-submit'

type Props = {
  action: FormAction
  tenant: string
  token: string
  widget?: string
  /** The main API's password rule (GET /account/passwortvalidator); null: the built-in one. */
  passwordRule?: PasswordValidator | null
}

/** New password (twice) for a mailed link; on success the action logs in and opens the personal area. */
export function SetPasswordForm({ action, tenant, token, widget, passwordRule }: Props) {
  const t = useTranslations('SetPassword')
  const { state, formAction, pending, form, submit } = useActionForm<PasswordValues>(action)
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      <input type="hidden" name="token" value={token} />
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <PasswordFields idPrefix="set" form={form} rule={passwordRule} />
      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  )
}
