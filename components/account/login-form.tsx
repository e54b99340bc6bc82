'use client'

import Link from 'next/link'
import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { TextField } from '@/components/ui/text-field'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { CaptchaField } from './captcha-field'
import { useValidatedSubmit } from './use-validated-submit'

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
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, formState } = useForm<Fields>({ mode: 'onTouched' })
  const onSubmit = useValidatedSubmit(handleSubmit, formAction)
  const errors = formState.errors

  return (
    <form className="form" action={formAction} noValidate onSubmit={onSubmit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <TextField
        id="login-email"
        label={t('email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        registration={register('email', {
          required: tv('requiredField', { field: t('email') }),
          pattern: { value: EMAIL, message: tv('email') },
        })}
      />
      <TextField
        id="login-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={register('password', {
          required: tv('requiredField', { field: t('password') }),
          maxLength: { value: 128, message: tv('passwordTooLong') },
        })}
      />
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <div>
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
      <p>
        <Link href={forgotHref}>{t('forgotPassword')}</Link>
      </p>
    </form>
  )
}
