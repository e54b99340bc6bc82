'use client'

import Link from 'next/link'
import { startTransition, useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { LoginState } from '@/app/[tenant]/login/actions'

type Props = {
  action: (state: LoginState, formData: FormData) => Promise<LoginState>
  tenant: string
  redirect?: string
  widget?: string
  forgotHref: string
}

type Fields = { email: string; password: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** E-mail and password; checked in the browser first, then by the main API. */
export function LoginForm({ action, tenant, redirect, widget, forgotHref }: Props) {
  const t = useTranslations('Login')
  const tv = useTranslations('Validation')
  const te = useTranslations('Errors')
  const [state, formAction, pending] = useActionState(action, {})
  const {
    register,
    formState: { errors },
    trigger,
  } = useForm<Fields>({ mode: 'onTouched' })

  return (
    <form
      className="form"
      action={formAction}
      noValidate
      onSubmit={(event) => {
        // React hands the form to the action unless the submit is prevented synchronously, so hold it
        // back here and submit only after the browser-side check passed.
        event.preventDefault()
        const form = event.currentTarget
        void trigger().then((valid) => {
          if (valid) startTransition(() => formAction(new FormData(form)))
        })
      }}
    >
      {state.error && (
        <div className="alert alert--error" role="alert">
          {te(state.error)}
        </div>
      )}
      <input type="hidden" name="tenant" value={tenant} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
      <div className="field">
        <label htmlFor="login-email">{t('email')}</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          aria-invalid={errors.email ? 'true' : 'false'}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email', {
            required: tv('requiredField', { field: t('email') }),
            pattern: { value: EMAIL, message: tv('email') },
          })}
        />
        {errors.email && (
          <span id="login-email-error" className="field__error" role="alert">
            {errors.email.message}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('password')}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? 'true' : 'false'}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password', {
            required: tv('requiredField', { field: t('password') }),
            maxLength: { value: 128, message: tv('passwordTooLong') },
          })}
        />
        {errors.password && (
          <span id="login-password-error" className="field__error" role="alert">
            {errors.password.message}
          </span>
        )}
      </div>
      <div>
        <button className="button" type="submit" disabled={pending}>
          {pending ? t('submitting') : t('submit')}
        </button>
      </div>
      <p>
        <Link href={forgotHref}>{t('forgotPassword')}</Link>
      </p>
    </form>
  )
}
