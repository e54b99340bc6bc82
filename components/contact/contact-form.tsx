'use client'

import Link from 'next/link'
import { useActionState, useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { emailSchema } from '@/lib/contracts/account'
import { CONTACT_FIELD_LIMITS } from '@/lib/contracts/contact'
import { hasDisallowedCharacters } from '@/lib/contracts/text-input'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { CaptchaField } from '@/components/account/captcha-field'
import { requiredTick, TermsCheckbox } from '@/components/account/terms-checkbox'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { FieldError } from '@/components/ui/field-error'
import { TextField } from '@/components/ui/text-field'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import styles from './contact-form.module.css'

type Fields = { name: string; email: string; betreff: string; nachricht: string; datenschutz: boolean }
type LimitedField = keyof typeof CONTACT_FIELD_LIMITS

export type ContactFormProps = {
  action: FormAction
  reloadCaptcha: CaptchaReload
  tenant: string
  privacyHref: string
  /** The tenant's support address, named when the form refuses more requests. */
  supportEmail: string
  /** A logged-in referrer's name and e-mail: filled in, and changeable. */
  account: { name: string; email: string } | null
}

/**
 * The contact form (SPEC §2.2 Kontakt): name, e-mail, subject, message and the privacy consent; the
 * captcha step when the main API demands one. After sending, the success text is announced and the
 * form starts over.
 */
export function ContactForm(props: ContactFormProps) {
  const t = useTranslations('Contact')
  const tv = useTranslations('Validation')
  const ts = useTranslations('Success')
  const [state, formAction, pending] = useActionState(props.action, {})
  const defaults: Fields = {
    name: props.account?.name ?? '',
    email: props.account?.email ?? '',
    betreff: '',
    nachricht: '',
    datenschutz: false,
  }
  const { register, handleSubmit, trigger, reset, formState } = useForm<Fields>({
    mode: 'onTouched',
    defaultValues: defaults,
  })
  const validated = useValidatedSubmit(handleSubmit, formAction)
  const e = formState.errors

  // A sent request starts the form over (a logged-in referrer keeps name and e-mail).
  useEffect(() => {
    if (state.ok) reset()
  }, [state, reset])

  /** Required, of allowed characters, and within the contract's length once trimmed. */
  const lengthRules = (field: LimitedField, label: string) => ({
    validate: (value: string) => {
      const length = value.trim().length
      const { min, max } = CONTACT_FIELD_LIMITS[field]
      if (length === 0) return tv('requiredField', { field: label })
      if (hasDisallowedCharacters(value, field === 'Nachricht' ? 'text' : 'line'))
        return tv('disallowedCharacters', { field: label })
      if (length < min) return t('tooShort', { field: label, min })
      if (length > max) return tv('tooLong', { field: label, max })
      return true
    },
  })
  const limits = CONTACT_FIELD_LIMITS.Nachricht
  const status = state.ok ? ts('contact') : state.captcha && !state.error ? t('captchaNeeded') : ''

  return (
    <form className={`form ${styles.form}`} action={formAction} noValidate onSubmit={validated}>
      {state.error === 'ZuVieleAnfragen' ? (
        <div className="alert alert--error" role="alert">
          {t('tooMany', { support: props.supportEmail })}
        </div>
      ) : (
        <FormStatus error={state.error} />
      )}
      <input type="hidden" name="tenant" value={props.tenant} />
      <div className={styles.notices}>
        {/* Always present, so screen readers announce the text when it appears. */}
        <div
          role="status"
          className={state.ok ? 'alert alert--success' : status ? 'alert alert--info' : undefined}
        >
          {status}
        </div>
        <p className="hint">
          {props.account ? `${t('loggedInHint', { name: props.account.name })} ` : ''}
          {t('requiredHint')}
        </p>
      </div>

      <TextField
        id="contact-name"
        label={t('name')}
        autoComplete="name"
        error={e.name?.message}
        registration={register('name', lengthRules('Name', t('name')))}
      />
      <TextField
        id="contact-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        error={e.email?.message}
        registration={register('email', {
          required: tv('requiredField', { field: t('email') }),
          validate: (v) => emailSchema.safeParse(v).success || tv('email'),
        })}
      />
      <TextField
        id="contact-betreff"
        label={t('betreff')}
        error={e.betreff?.message}
        registration={register('betreff', lengthRules('Betreff', t('betreff')))}
      />
      <div className="field">
        <label htmlFor="contact-nachricht">{t('nachricht')}</label>
        <textarea
          id="contact-nachricht"
          className={styles.message}
          rows={8}
          aria-invalid={e.nachricht?.message ? 'true' : 'false'}
          aria-describedby={
            e.nachricht?.message ? 'contact-nachricht-error contact-nachricht-hint' : 'contact-nachricht-hint'
          }
          {...register('nachricht', lengthRules('Nachricht', t('nachricht')))}
        />
        <span id="contact-nachricht-hint" className="hint">
          {t('nachrichtHint', { min: limits.min, max: limits.max })}
        </span>
        <FieldError id="contact-nachricht-error" message={e.nachricht?.message} />
      </div>

      <TermsCheckbox
        id="contact-datenschutz"
        error={e.datenschutz?.message}
        registration={requiredTick({ register, trigger }, 'datenschutz', tv('required'))}
        label={t.rich('privacy', {
          privacy: (chunks) => <Link href={props.privacyHref}>{chunks}</Link>,
        })}
      />

      {state.captcha && (
        <CaptchaField challenge={state.captcha} reload={props.reloadCaptcha} tenant={props.tenant} />
      )}
      <div>
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  )
}
