'use client'

import { useActionState, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { ANREDEN } from '@/lib/contracts/form-rules'
import type { FormAction } from '@/lib/portal/form-state'
import { TextField } from '@/components/ui/text-field'
import { fieldProps } from '@/components/ui/field-props'
import { emailRules } from '@/components/ui/field-rules'
import { nameRules } from '@/components/ui/name-rules'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
import { legalLinks, TermsCheckbox } from './terms-checkbox'
import { useValidatedSubmit } from './use-validated-submit'

type Fields = { anrede: string; vorname: string; nachname: string; email: string; terms: boolean }

type Props = {
  action: FormAction
  tenant: string
  termsHref: string
  privacyHref: string
  /** Who an agency's invitation was for: the form starts with these details. */
  invited?: { vorname: string; nachname: string; email: string } | null
}

/** Free registration: salutation, names, e-mail and the accepted terms; the password comes by mail. */
export function RegistrationForm({ action, tenant, invited, ...links }: Props) {
  const t = useTranslations('Registration')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const [sentTo, setSentTo] = useState('')
  const form = useForm<Fields>({
    mode: 'onTouched',
    defaultValues: invited
      ? { vorname: invited.vorname, nachname: invited.nachname, email: invited.email }
      : {},
  })
  const validated = useValidatedSubmit(form.handleSubmit, (data) => {
    setSentTo(form.getValues('email').trim())
    formAction(data)
  })
  const field = fieldProps(form, 'reg', t)
  return (
    <form className="form" action={formAction} noValidate onSubmit={validated}>
      <FormStatus error={state.error} success={state.ok ? t('sent', { email: sentTo }) : undefined} />
      <input type="hidden" name="tenant" value={tenant} />
      {/* Sent: the mail is on its way, and the filled form with its button would only invite a second try. */}
      <div className="form__fields" hidden={state.ok === true}>
        <div className="field">
          <label htmlFor="reg-anrede">{t('anrede')}</label>
          <select id="reg-anrede" autoComplete="honorific-prefix" {...form.register('anrede')}>
            <option value="">{t('anredeNone')}</option>
            {ANREDEN.map((a) => (
              <option key={a} value={a}>
                {t(a)}
              </option>
            ))}
          </select>
        </div>
        <TextField {...field('vorname', nameRules(t('vorname'), tv))} autoComplete="given-name" />
        <TextField {...field('nachname', nameRules(t('nachname'), tv))} autoComplete="family-name" />
        <TextField {...field('email', emailRules(t('email'), tv))} type="email" autoComplete="email" />
        <TermsCheckbox id="reg-terms" form={form} name="terms" label={t.rich('terms', legalLinks(links))} />
        <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  )
}
