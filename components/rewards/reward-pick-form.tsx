'use client'

import { useWatch, type UseFormRegister } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { RewardChoice } from '@/lib/contracts/praemierung'
import type { FormAction } from '@/lib/portal/form-state'
import { useActionForm } from '@/components/account/use-validated-submit'
import { PortalFields } from '@/components/account/portal-fields'
import { FieldError } from '@/components/ui/field-error'
import { BankAccountFields, type BankAccountValues } from '@/components/recipient/bank-account-fields'
import { FocusedFormError } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

type Values = {
  auswahl: RewardChoice | ''
  bankQuelle: 'gespeichert' | 'neu'
  iban: string
  kontoinhaber: string
  speichern: boolean
}

type Props = {
  action: FormAction
  tenant: string
  widget?: string
  praemieId: string
  /** The reward link's token when the page was opened from the mail. */
  token?: string
  options: RewardChoice[]
  /** A credit is offered by the tenant, but no customer number is on file yet. */
  creditNeedsNumber: { href: string } | null
  storedBankData: boolean
  /** The logged-in referrer may keep the bank data entered here for later rewards (ModuleStoringBankdata). */
  offerToKeepBankData: boolean
  germanOnly: boolean
  mandant: string
}

/**
 * PraemieDaten: how the reward is collected (SPEC §4: once; cash needs bank data). The bank fields show
 * only for a transfer; stored bank data can be used instead. Checked in the browser as on the server.
 */
export function RewardPickForm(props: Props) {
  const t = useTranslations('Reward')
  const single = props.options.length === 1 ? props.options[0]! : ''
  const { state, formAction, pending, form, submit } = useActionForm<Values>(props.action, {
    auswahl: single,
    bankQuelle: props.storedBankData ? 'gespeichert' : 'neu',
    iban: '',
    kontoinhaber: '',
    speichern: false,
  })
  const { register, control } = form
  const e = form.formState.errors
  const auswahl = useWatch({ control, name: 'auswahl' })
  const bankQuelle = useWatch({ control, name: 'bankQuelle' })
  const needsBankFields = auswahl === 'Bargeld' && (!props.storedBankData || bankQuelle === 'neu')

  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FocusedFormError state={state} />
      <PortalFields tenant={props.tenant} widget={props.widget} />
      <input type="hidden" name="praemieId" value={props.praemieId} />
      {props.token && <input type="hidden" name="token" value={props.token} />}

      <fieldset className="form__group" aria-describedby={e.auswahl ? 'pick-auswahl-error' : undefined}>
        <legend>{t('chooseTitle')}</legend>
        {props.options.map((option) => (
          <div className="field field--radio" key={option}>
            <input
              id={`pick-${option}`}
              type="radio"
              value={option}
              {...register('auswahl', { validate: (v) => v !== '' || t('choiceRequired') })}
            />
            <label htmlFor={`pick-${option}`}>
              <span className="share-choice__title">{t(`choice.${option}`)}</span>
              <span className="share-choice__detail">
                {t(`choiceHint.${option}`, { mandant: props.mandant })}
              </span>
            </label>
          </div>
        ))}
        <FieldError id="pick-auswahl-error" message={e.auswahl?.message} />
        {props.creditNeedsNumber && (
          <p className="hint">
            {t('creditNeedsNumber')} <a href={props.creditNeedsNumber.href}>{t('creditNeedsNumberAction')}</a>
          </p>
        )}
      </fieldset>

      {auswahl === 'Bargeld' && props.storedBankData && (
        <fieldset className="form__group">
          <legend>{t('choice.Bargeld')}</legend>
          <div className="field field--radio">
            <input id="pick-bank-stored" type="radio" value="gespeichert" {...register('bankQuelle')} />
            <label htmlFor="pick-bank-stored">{t('useStoredBank')}</label>
          </div>
          <div className="field field--radio">
            <input id="pick-bank-new" type="radio" value="neu" {...register('bankQuelle')} />
            <label htmlFor="pick-bank-new">{t('newBank')}</label>
          </div>
        </fieldset>
      )}

      {needsBankFields && (
        <div className="stack">
          <BankAccountFields
            register={register as unknown as UseFormRegister<BankAccountValues>}
            errors={e}
            idPrefix="pick"
            germanOnly={props.germanOnly}
            labels={{ iban: t('iban'), ibanHint: t('ibanHint'), kontoinhaber: t('kontoinhaber') }}
            shouldUnregister
          />
          {props.offerToKeepBankData && (
            <div className="field field--check">
              <input id="pick-keep-bank" type="checkbox" value="ja" {...register('speichern')} />
              <label htmlFor="pick-keep-bank">{t('keepBankData')}</label>
            </div>
          )}
        </div>
      )}

      <p className="hint">{t('onceHint')}</p>
      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  )
}
