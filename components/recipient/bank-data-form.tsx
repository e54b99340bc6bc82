'use client'

import { useTranslations } from 'next-intl'
import type { FormState } from '@/lib/portal/form-state'
import { useActionForm } from '@/components/account/use-validated-submit'
import { PortalFields } from '@/components/account/portal-fields'
import { BankAccountFields, type BankAccountValues } from './bank-account-fields'
import { FocusedFormError, FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

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
  /** The way on once the account is saved (the friend's order), as a plain link. */
  next?: { href: string; label: string }
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
  next,
}: Props) {
  const t = useTranslations(messages)
  const { state, formAction, pending, form, submit } = useActionForm<BankAccountValues, State>(action)
  if (state.ok && state.saved) {
    return (
      <div className="stack">
        <FormStatus success={t('bankSaved')} />
        <p>{t('bankSavedDetails', { iban: state.saved.IBAN, inhaber: state.saved.Kontoinhaber })}</p>
        {next && (
          <p>
            {/* A plain link: the main API answers with a redirect to the provider's order page. */}
            <a className="button" href={next.href}>
              {next.label}
            </a>
          </p>
        )}
      </div>
    )
  }
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FocusedFormError state={state} />
      <PortalFields tenant={tenant} widget={widget} />
      <BankAccountFields
        register={form.register}
        errors={form.formState.errors}
        idPrefix={idPrefix}
        germanOnly={germanOnly}
        labels={{ iban: t('iban'), ibanHint: t('ibanHint'), kontoinhaber: t('kontoinhaber') }}
      />
      <SubmitRow pending={pending} label={t('bankSubmit')} pendingLabel={t('bankSubmitting')} />
    </form>
  )
}
