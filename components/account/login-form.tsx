'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { TextField } from '@/components/ui/text-field'
import { fieldProps } from '@/components/ui/field-props'
import { currentPasswordRules } from '@/components/ui/field-rules'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
import { CaptchaField } from './captcha-field'
import { useActionForm } from './use-validated-submit'

type Props = {
  action: FormAction
  reloadCaptcha: CaptchaReload
  tenant: string
  redirect?: string
  widget?: string
  forgotHref: string
}

type Fields = { email: string; password: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** E-mail and password, plus the captcha once the main API demands one; checked in the browser first. */
export function LoginForm({ action, reloadCaptcha, tenant, redirect, widget, forgotHref }: Props) {
  const t = useTranslations('Login')
  const tv = useTranslations('Validation')
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(action)
  const field = fieldProps(form, 'login', t)
  const emailRules = {
    required: tv('requiredField', { field: t('email') }),
    pattern: { value: EMAIL, message: tv('email') },
  }

  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <TextField {...field('email', emailRules)} type="email" autoComplete="username" />
      <TextField
        {...field('password', currentPasswordRules(t('password'), tv))}
        type="password"
        autoComplete="current-password"
      />
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      <p>
        <Link href={forgotHref}>{t('forgotPassword')}</Link>
      </p>
    </form>
  )
}
