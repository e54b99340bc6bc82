'use client'

import Link from 'next/link'
import { useWatch } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { isKundennummer } from '@/lib/contracts/form-rules'
import type { FormAction } from '@/lib/portal/form-state'
import { PortalFields } from '@/components/account/portal-fields'
import { useActionForm } from '@/components/account/use-validated-submit'
import { TextField } from '@/components/ui/text-field'
import { FocusedFormError } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

type Fields = { bestandskunde: '' | 'ja' | 'nein'; kundennummer: string }

export type CustomerNumberFormProps = {
  action: FormAction
  tenant: string
  widget?: string
  /** The tenant's name, as the question names it. */
  mandant: string
  /** The referrer's bank data screen (BankDetailsRecommender), where a non-customer goes. */
  bankDetailsHref: string
  /** A number is on file: the question is answered with yes already. */
  existingCustomer: boolean
}

/**
 * BestandskundenAbfrage and KundenNummer (SPEC §2.2): "already a customer?" first; yes asks for the
 * customer number (6 to 12 digits, spaces allowed, found on the invoice), no explains the bank transfer
 * and leads to the bank data. The action saves and shows the screen again with the masked number.
 */
export function CustomerNumberForm(props: CustomerNumberFormProps) {
  const t = useTranslations('CustomerNumber')
  const tv = useTranslations('Validation')
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(props.action, {
    bestandskunde: props.existingCustomer ? 'ja' : '',
    kundennummer: '',
  })
  const { register } = form
  const answer = useWatch({ control: form.control, name: 'bestandskunde' })
  const numberError = form.formState.errors.kundennummer?.message
  const describedBy = numberError ? 'customer-number-error customer-number-hint' : 'customer-number-hint'

  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      {state.error === 'UngueltigeEingabe' ? (
        <div className="alert alert--error" role="alert">
          {t('invalid')}
        </div>
      ) : (
        <FocusedFormError state={state} />
      )}
      <PortalFields tenant={props.tenant} widget={props.widget} />
      <fieldset className="form__group">
        <legend>{t('question', { mandant: props.mandant })}</legend>
        <div className="field field--radio">
          <input id="customer-yes" type="radio" value="ja" {...register('bestandskunde')} />
          <label htmlFor="customer-yes">{t('yes')}</label>
        </div>
        <div className="field field--radio">
          <input id="customer-no" type="radio" value="nein" {...register('bestandskunde')} />
          <label htmlFor="customer-no">{t('no')}</label>
        </div>
      </fieldset>

      {answer === 'ja' && (
        <>
          <TextField
            id="customer-number"
            label={t('label')}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={numberError ? 'true' : 'false'}
            aria-describedby={describedBy}
            error={numberError}
            hint={t('hint', { mandant: props.mandant })}
            registration={register('kundennummer', {
              validate: (value) =>
                value.trim() === ''
                  ? tv('requiredField', { field: t('label') })
                  : isKundennummer(value) || t('invalid'),
            })}
          />
          <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
        </>
      )}

      {answer === 'nein' && (
        <div className="alert alert--info">
          <p>{t('noCustomer')}</p>
          <p>
            <Link className="button button--secondary" href={props.bankDetailsHref}>
              {t('bankLink')}
            </Link>
          </p>
        </div>
      )}
    </form>
  )
}
