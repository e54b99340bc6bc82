'use client'

import { useActionState, useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { validateIban } from '@/lib/banking/iban'
import type { FormState } from '@/lib/portal/form-state'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { PortalFields } from '@/components/account/portal-fields'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'

type State = FormState & { saved?: { IBAN: string; Kontoinhaber: string } }

type Props = {
  action: (state: State, formData: FormData) => Promise<State>
  tenant: string
  widget?: string
  /** ModuleIBANNurDE: only German IBANs. */
  germanOnly: boolean
  /**
   * Whose account: the recipient's (EmpfaengerBankdaten, texts in Recipient) or the referrer's
   * (EmpfehlerBankdaten, texts in ReferrerBank). Both namespaces have the form's keys.
   */
  messages?: 'Recipient' | 'ReferrerBank'
  /** The id prefix of the inputs, so two forms on one page never share ids. */
  idPrefix?: string
}

/**
 * IBAN and account holder, the IBAN checked in the browser as on the server; shown masked once saved.
 * Invalid input sends the focus to the first invalid field (its message linked by aria-describedby),
 * a refusal of the server to the form's status above the fields.
 */
export function BankDataForm({
  action,
  tenant,
  widget,
  germanOnly,
  messages = 'Recipient',
  idPrefix = 'bank',
}: Props) {
  const t = useTranslations(messages)
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, formState } = useForm<{ iban: string; kontoinhaber: string }>({
    mode: 'onTouched',
  })
  const submit = useValidatedSubmit(handleSubmit, formAction)
  const status = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (state.error) status.current?.focus()
  }, [state])
  const e = formState.errors
  const id = (name: string) => `${idPrefix}-${name}`
  if (state.ok && state.saved) {
    return (
      <div className="stack">
        <FormStatus success={t('bankSaved')} />
        <p>{t('bankSavedDetails', { iban: state.saved.IBAN, inhaber: state.saved.Kontoinhaber })}</p>
      </div>
    )
  }
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      {state.error && (
        <div ref={status} tabIndex={-1}>
          <FormStatus error={state.error} />
        </div>
      )}
      <PortalFields tenant={tenant} widget={widget} />
      <div className="field">
        <label htmlFor={id('iban')}>{t('iban')}</label>
        <span className="hint" id={id('iban-hint')}>
          {t('ibanHint')}
        </span>
        <input
          id={id('iban')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          {...invalidProps(id('iban-error'), e.iban?.message)}
          aria-describedby={e.iban ? `${id('iban-hint')} ${id('iban-error')}` : id('iban-hint')}
          {...register('iban', {
            validate: (v) => {
              if (!v.trim()) return tv('requiredField', { field: t('iban') })
              const checked = validateIban(v, { germanOnly })
              if (checked.ok) return true
              return checked.reason === 'notGerman'
                ? tv('ibanGermanOnly', { field: t('iban') })
                : tv('ibanInvalid', { field: t('iban') })
            },
          })}
        />
        <FieldError id={id('iban-error')} message={e.iban?.message} />
      </div>
      <div className="field">
        <label htmlFor={id('holder')}>{t('kontoinhaber')}</label>
        <input
          id={id('holder')}
          autoComplete="name"
          {...invalidProps(id('holder-error'), e.kontoinhaber?.message)}
          {...register('kontoinhaber', {
            validate: (v) => v.trim().length >= 2 || tv('requiredField', { field: t('kontoinhaber') }),
            maxLength: { value: 140, message: tv('tooLong', { field: t('kontoinhaber'), max: 140 }) },
          })}
        />
        <FieldError id={id('holder-error')} message={e.kontoinhaber?.message} />
      </div>
      <div>
        <SubmitButton pending={pending} label={t('bankSubmit')} pendingLabel={t('bankSubmitting')} />
      </div>
    </form>
  )
}
