'use client'

import { useEffect, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { CONTACT_FIELD_LIMITS } from '@/lib/contracts/form-rules'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { CaptchaField } from '@/components/account/captcha-field'
import { legalLinks, TermsCheckbox } from '@/components/account/terms-checkbox'
import { useActionForm } from '@/components/account/use-validated-submit'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { fieldProps } from '@/components/ui/field-props'
import { emailRules, lengthRules } from '@/components/ui/field-rules'
import { FocusedFormError } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
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
 * captcha step when the main API demands one. After sending, the success text takes the form's place
 * and the focus, scrolled into view (on a phone the form's top is far above the button), with what was
 * sent; only "Weitere Anfrage" starts the form over.
 */
export function ContactForm(props: ContactFormProps) {
  const t = useTranslations('Contact')
  const tv = useTranslations('Validation')
  const ts = useTranslations('Success')
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(props.action, {
    name: props.account?.name ?? '',
    email: props.account?.email ?? '',
    betreff: '',
    nachricht: '',
    datenschutz: false,
  })
  const { reset, getValues } = form
  const field = fieldProps(form, 'contact', t)
  // Sent: the success replaces the form until the user asks for another one (that answer is dismissed).
  const [dismissed, setDismissed] = useState<typeof state | null>(null)
  const sent =
    state.ok && dismissed !== state ? { betreff: getValues('betreff'), email: getValues('email') } : null
  const sentRef = useRef<HTMLDivElement>(null)

  const isSent = sent !== null
  useEffect(() => {
    // Focusing scrolls it into view: on a phone the send button was far below the form's top.
    if (isSent) sentRef.current?.focus()
  }, [isSent])

  function another() {
    // A logged-in referrer keeps name and e-mail (the form's defaults).
    reset()
    setDismissed(state)
  }

  /** Required, of allowed characters, and within the contract's length once trimmed. */
  const limited = (field: LimitedField, label: string) =>
    lengthRules(
      label,
      {
        ...CONTACT_FIELD_LIMITS[field],
        kind: field === 'Nachricht' ? 'text' : field === 'Name' ? 'name' : 'line',
      },
      tv,
      (values) => t('tooShort', values),
    )
  const limits = CONTACT_FIELD_LIMITS.Nachricht
  const status = state.captcha && !state.error && !state.ok ? t('captchaNeeded') : ''

  return (
    <>
      {sent && (
        <div ref={sentRef} className={`alert alert--success ${styles.sent}`} role="status" tabIndex={-1}>
          <p className={styles.sentTitle}>{ts('contact')}</p>
          <p>{t('sentDetails', { betreff: sent.betreff, email: sent.email })}</p>
          <button type="button" className="button button--secondary" onClick={another}>
            {t('another')}
          </button>
        </div>
      )}
      <form
        className={`form ${styles.form}`}
        action={formAction}
        noValidate
        onSubmit={submit}
        hidden={sent !== null}
      >
        {state.error === 'ZuVieleAnfragen' ? (
          <div className="alert alert--error" role="alert">
            {t('tooMany', { support: props.supportEmail })}
          </div>
        ) : (
          <FocusedFormError state={state} />
        )}
        <input type="hidden" name="tenant" value={props.tenant} />
        <div className={styles.notices}>
          {/* Always present, so screen readers announce the text when it appears. */}
          <div role="status" className={status ? 'alert alert--info' : undefined}>
            {status}
          </div>
          <p className="hint">
            {props.account ? `${t('loggedInHint', { name: props.account.name })} ` : ''}
            {t('requiredHint')}
          </p>
        </div>

        <TextField {...field('name', limited('Name', t('name')))} autoComplete="name" />
        <TextField {...field('email', emailRules(t('email'), tv))} type="email" autoComplete="email" />
        <TextField {...field('betreff', limited('Betreff', t('betreff')))} />
        <TextAreaField
          {...field('nachricht', limited('Nachricht', t('nachricht')))}
          className={styles.message}
          rows={8}
          hint={t('nachrichtHint', { min: limits.min, max: limits.max })}
        />

        <TermsCheckbox
          id="contact-datenschutz"
          form={form}
          name="datenschutz"
          label={t.rich('privacy', legalLinks(props))}
        />

        {state.captcha && (
          <CaptchaField challenge={state.captcha} reload={props.reloadCaptcha} tenant={props.tenant} />
        )}
        <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </form>
    </>
  )
}
