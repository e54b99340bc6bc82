'use client'

import Link from 'next/link'
import { useActionState, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { ANREDEN, emailSchema } from '@/lib/contracts/account'
import type { FormAction } from '@/lib/portal/form-state'
import { TextField } from '@/components/ui/text-field'
import { nameRules } from '@/components/ui/name-rules'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { requiredTick, TermsCheckbox } from './terms-checkbox'
import { useValidatedSubmit } from './use-validated-submit'

type Fields = { anrede: string; vorname: string; nachname: string; email: string; terms: boolean }

type Props = {
  action: FormAction
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
      <TextField
        id="reg-vorname"
        label={t('vorname')}
        autoComplete="given-name"
        error={e.vorname?.message}
        registration={register('vorname', nameRules(t('vorname'), tv))}
      />
      <TextField
        id="reg-nachname"
        label={t('nachname')}
        autoComplete="family-name"
        error={e.nachname?.message}
        registration={register('nachname', nameRules(t('nachname'), tv))}
      />
      <TextField
        id="reg-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        error={e.email?.message}
        registration={register('email', {
          required: required(t('email')),
          validate: (v) => emailSchema.safeParse(v).success || tv('email'),
        })}
      />
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
