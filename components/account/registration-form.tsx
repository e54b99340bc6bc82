'use client'

import Link from 'next/link'
import { useActionState, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { ANREDEN, emailSchema } from '@/lib/contracts/account'
import type { FormState } from '@/lib/portal/form-state'
import { charactersRule } from '@/components/ui/characters-rule'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { requiredTick, TermsCheckbox } from './terms-checkbox'
import { useValidatedSubmit } from './use-validated-submit'

type Fields = { anrede: string; vorname: string; nachname: string; email: string; terms: boolean }

type Props = {
  action: (state: FormState, formData: FormData) => Promise<FormState>
  tenant: string
  termsHref: string
  privacyHref: string
}

/** Free registration: salutation, names, e-mail and the accepted terms; the password comes by mail. */
export function RegistrationForm({ action, tenant, termsHref, privacyHref }: Props) {
  const t = useTranslations('Registration')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const [sentTo, setSentTo] = useState('')
  const { register, handleSubmit, trigger, formState, getValues } = useForm<Fields>({ mode: 'onTouched' })
  const validated = useValidatedSubmit(handleSubmit, (data) => {
    setSentTo(getValues('email').trim())
    formAction(data)
  })
  const e = formState.errors
  const required = (field: string) => tv('requiredField', { field })
  return (
    <form className="form" action={formAction} noValidate onSubmit={validated}>
      <FormStatus error={state.error} success={state.ok ? t('sent', { email: sentTo }) : undefined} />
      <input type="hidden" name="tenant" value={tenant} />
      <div className="field">
        <label htmlFor="reg-anrede">{t('anrede')}</label>
        <select id="reg-anrede" autoComplete="honorific-prefix" {...register('anrede')}>
          <option value="">{t('anredeNone')}</option>
          {ANREDEN.map((a) => (
            <option key={a} value={a}>
              {t(a)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="reg-vorname">{t('vorname')}</label>
        <input
          id="reg-vorname"
          autoComplete="given-name"
          {...invalidProps('reg-vorname-error', e.vorname?.message)}
          {...register('vorname', {
            validate: {
              filled: (v) => v.trim().length > 0 || required(t('vorname')),
              characters: charactersRule(tv('disallowedCharacters', { field: t('vorname') })),
            },
            maxLength: { value: 100, message: tv('tooLong', { field: t('vorname'), max: 100 }) },
          })}
        />
        <FieldError id="reg-vorname-error" message={e.vorname?.message} />
      </div>
      <div className="field">
        <label htmlFor="reg-nachname">{t('nachname')}</label>
        <input
          id="reg-nachname"
          autoComplete="family-name"
          {...invalidProps('reg-nachname-error', e.nachname?.message)}
          {...register('nachname', {
            validate: {
              filled: (v) => v.trim().length > 0 || required(t('nachname')),
              characters: charactersRule(tv('disallowedCharacters', { field: t('nachname') })),
            },
            maxLength: { value: 100, message: tv('tooLong', { field: t('nachname'), max: 100 }) },
          })}
        />
        <FieldError id="reg-nachname-error" message={e.nachname?.message} />
      </div>
      <div className="field">
        <label htmlFor="reg-email">{t('email')}</label>
        <input
          id="reg-email"
          type="email"
          autoComplete="email"
          {...invalidProps('reg-email-error', e.email?.message)}
          {...register('email', {
            required: required(t('email')),
            validate: (v) => emailSchema.safeParse(v).success || tv('email'),
          })}
        />
        <FieldError id="reg-email-error" message={e.email?.message} />
      </div>
      <TermsCheckbox
        id="reg-terms"
        error={e.terms?.message}
        registration={requiredTick({ register, trigger }, 'terms', tv('required'))}
        label={t.rich('terms', {
          agb: (chunks) => <Link href={termsHref}>{chunks}</Link>,
          privacy: (chunks) => <Link href={privacyHref}>{chunks}</Link>,
        })}
      />
      <div>
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  )
}
