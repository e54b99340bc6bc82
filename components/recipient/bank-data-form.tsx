'use client'

import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { validateIban } from '@/lib/banking/iban'
import type { FormState } from '@/lib/portal/form-state'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'

type State = FormState & { saved?: { IBAN: string; Kontoinhaber: string } }

type Props = {
  action: (state: State, formData: FormData) => Promise<State>
  tenant: string
  /** ModuleIBANNurDE: only German IBANs. */
  germanOnly: boolean
}

/** IBAN and account holder, the IBAN checked in the browser as on the server; shown masked once saved. */
export function BankDataForm({ action, tenant, germanOnly }: Props) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const { register, handleSubmit, formState } = useForm<{ iban: string; kontoinhaber: string }>({
    mode: 'onTouched',
  })
  const submit = useValidatedSubmit(handleSubmit, formAction)
  const e = formState.errors
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
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={tenant} />
      <div className="field">
        <label htmlFor="bank-iban">{t('iban')}</label>
        <span className="hint" id="bank-iban-hint">
          {t('ibanHint')}
        </span>
        <input
          id="bank-iban"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          {...invalidProps('bank-iban-error', e.iban?.message)}
          aria-describedby={e.iban ? 'bank-iban-hint bank-iban-error' : 'bank-iban-hint'}
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
        <FieldError id="bank-iban-error" message={e.iban?.message} />
      </div>
      <div className="field">
        <label htmlFor="bank-holder">{t('kontoinhaber')}</label>
        <input
          id="bank-holder"
          autoComplete="name"
          {...invalidProps('bank-holder-error', e.kontoinhaber?.message)}
          {...register('kontoinhaber', {
            validate: (v) => v.trim().length >= 2 || tv('requiredField', { field: t('kontoinhaber') }),
          })}
        />
        <FieldError id="bank-holder-error" message={e.kontoinhaber?.message} />
      </div>
      <div>
        <SubmitButton pending={pending} label={t('bankSubmit')} pendingLabel={t('bankSubmitting')} />
      </div>
    </form>
  )
}
