'use client'

import { useActionState, useEffect, useState } from 'react'
import { useForm, type RegisterOptions } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { useVisitChannel } from '@/lib/portal/campaign/visit-campaign'
import { parseTenantParam } from '@/lib/routes/href'
import { ANREDEN, isEmail, isPhone, MAX_AGE_YEARS, POSTCODE_PATTERN } from '@/lib/contracts/form-rules'
import { parseGermanDate, yearsBetween } from '@/lib/shared/german-date'
import type { FormAction } from '@/lib/portal/form-state'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { charactersRule, noWebAddressRule } from '@/components/ui/characters-rule'
import { TextField } from '@/components/ui/text-field'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FocusedFormError, FormStatus } from '@/components/ui/form-status'
import type { ErrorCode } from '@/lib/shared/errors'
import { SubmitRow } from '@/components/ui/submit-button'
import { SavedNotice } from './saved-notice'

type Fields = {
  anrede: string
  vorname: string
  name: string
  geburtsdatum: string
  email: string
  telefon: string
  werbeeinwilligung: boolean
  strasse: string
  hausnummer: string
  plz: string
  ort: string
}

/** The main API's refusals that concern one field: shown at that field, which takes the focus. */
const FIELD_OF_ERROR: Partial<Record<ErrorCode, keyof Fields>> = {
  EmailEmpfehlerGleichEmpfaenger: 'email',
  EmailUngueltig: 'email',
}

type Props = {
  action: FormAction
  tenant: string
  nummer: string
  channel?: string
  einsprungsquelle?: string
  mandant: string
  /** Today in German time (YYYY-MM-DD), for the age check. */
  today: string
}

/**
 * EmpfaengerDaten (SPEC §2.2): salutation, names, date of birth typed as DD.MM.YYYY, e-mail, phone,
 * advertising consent and address, checked in the browser with the SPEC's German messages and again
 * by the main API.
 */
export function RecipientForm(props: Props) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const ts = useTranslations('Success')
  const [state, formAction, pending] = useActionState(props.action, {})
  const [sentTo, setSentTo] = useState('')
  const te = useTranslations('Errors')
  const { register, handleSubmit, formState, getValues, setError } = useForm<Fields>({ mode: 'onTouched' })
  const errorField = state.error ? FIELD_OF_ERROR[state.error] : undefined
  // The form is long and its button at the end: a refusal of one field marks that field and takes the
  // focus there; any other refusal is shown above the form, which takes the focus (FocusedFormError).
  useEffect(() => {
    if (state.error && errorField)
      setError(errorField, { type: 'server', message: te(state.error) }, { shouldFocus: true })
  }, [state, errorField, setError, te])
  const submit = useValidatedSubmit(handleSubmit, (data) => {
    setSentTo(getValues('email').trim())
    formAction(data)
  })
  // The address's channel, else the campaign this visit came from (held in memory, not on the device).
  const visitChannel = useVisitChannel(parseTenantParam(props.tenant)?.tenant ?? '')
  const channel = props.channel ?? visitChannel
  const e = formState.errors
  const required = (label: string) => tv('requiredField', { field: label })
  const text = (name: keyof Fields, label: string, options: RegisterOptions<Fields> = {}) =>
    register(name, {
      validate: {
        filled: (v) => (typeof v === 'string' && v.trim().length > 0) || required(label),
        characters: charactersRule(tv('disallowedCharacters', { field: label })),
        address: noWebAddressRule(tv('nameWithAddress', { field: label })),
      },
      ...options,
    })
  const maxLength = (label: string, max: number) => ({
    maxLength: { value: max, message: tv('tooLong', { field: label, max }) },
  })
  if (state.ok) {
    return (
      <SavedNotice>
        <FormStatus success={ts('recipientData')} />
        <p>{t('savedHint', { email: sentTo })}</p>
      </SavedNotice>
    )
  }
  const input = (
    name: Exclude<keyof Fields, 'anrede' | 'werbeeinwilligung'>,
    options: {
      type?: string
      autoComplete: string
      hint?: string
      rules?: RegisterOptions<Fields>
      /** The phone's keyboard: the number pad for postcode and date of birth. */
      inputMode?: 'numeric' | 'email' | 'tel'
      maxLength?: number
    },
  ) => {
    const id = `rcp-${name}`
    const error = e[name]?.message
    return (
      <TextField
        id={id}
        label={t(name)}
        hint={options.hint}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        error={error}
        registration={text(name, t(name), options.rules)}
      />
    )
  }
  return (
    <form className="form recipient-form" action={formAction} noValidate onSubmit={submit}>
      {!errorField && <FocusedFormError state={state} />}
      <input type="hidden" name="tenant" value={props.tenant} />
      <input type="hidden" name="nummer" value={props.nummer} />
      {channel && <input type="hidden" name="channel" value={channel} />}
      {props.einsprungsquelle && (
        <input type="hidden" name="einsprungsquelle" value={props.einsprungsquelle} />
      )}
      <div className="field">
        <label htmlFor="rcp-anrede">{t('anrede')}</label>
        <select
          id="rcp-anrede"
          autoComplete="honorific-prefix"
          {...invalidProps('rcp-anrede-error', e.anrede?.message)}
          {...register('anrede', { required: required(t('anrede')) })}
        >
          <option value="">{t('anredeChoose')}</option>
          {ANREDEN.map((a) => (
            <option key={a} value={a}>
              {t(a)}
            </option>
          ))}
        </select>
        <FieldError id="rcp-anrede-error" message={e.anrede?.message} />
      </div>
      {input('vorname', { autoComplete: 'given-name', rules: maxLength(t('vorname'), 100) })}
      {input('name', { autoComplete: 'family-name', rules: maxLength(t('name'), 100) })}
      {input('geburtsdatum', {
        autoComplete: 'bday',
        inputMode: 'numeric',
        maxLength: 10,
        hint: t('geburtsdatumHint'),
        rules: {
          // The number pad has no dot: typed digits get theirs (17051990 → 17.05.1990).
          onChange: (event: { target: HTMLInputElement }) => {
            const formatted = withDateDots(event.target.value)
            if (formatted !== event.target.value) event.target.value = formatted
          },
          setValueAs: (v: unknown) => withDateDots(String(v ?? '')),
          validate: (v) => {
            const value = String(v ?? '').trim()
            if (!value) return required(t('geburtsdatum'))
            if (!/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(value)) return tv('dateFormat')
            const iso = parseGermanDate(value)
            if (!iso) return tv('dateInvalid')
            const age = yearsBetween(iso, props.today)
            if (age < 18) return tv('adult')
            if (age > MAX_AGE_YEARS) return tv('birthYear')
            return true
          },
        },
      })}
      {input('email', {
        type: 'email',
        autoComplete: 'email',
        rules: {
          validate: (v) => {
            const value = String(v ?? '').trim()
            if (!value) return required(t('email'))
            return isEmail(value) || tv('email')
          },
        },
      })}
      {input('telefon', {
        type: 'tel',
        autoComplete: 'tel',
        rules: {
          validate: (v) => {
            const value = String(v ?? '').trim()
            if (!value) return required(t('telefon'))
            return isPhone(value) || t('phoneInvalid')
          },
        },
      })}
      <div className="form__row">
        {input('strasse', { autoComplete: 'address-line1', rules: maxLength(t('strasse'), 100) })}
        {/* No autocomplete token names the house number alone; address-line2 would take "Apt." lines. */}
        {input('hausnummer', { autoComplete: 'off', rules: maxLength(t('hausnummer'), 10) })}
      </div>
      <div className="form__row form__row--plz">
        {input('plz', {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          maxLength: 5,
          rules: {
            validate: (v) => {
              const value = String(v ?? '').trim()
              if (!value) return required(t('plz'))
              return POSTCODE_PATTERN.test(value) || t('plzInvalid')
            },
          },
        })}
        {input('ort', { autoComplete: 'address-level2', rules: maxLength(t('ort'), 100) })}
      </div>
      <div className="field field--check">
        <input id="rcp-werbung" type="checkbox" {...register('werbeeinwilligung')} />
        <label htmlFor="rcp-werbung">{t('werbung', { mandant: props.mandant })}</label>
      </div>
      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  )
}

/**
 * A date typed as digits only gets its dots as it grows (1705 → 17.05, 17051990 → 17.05.1990); a value
 * the person types with dots of their own (1.5.1990), or anything else, stays as typed.
 */
export function withDateDots(value: string): string {
  // Digits only, or digits going on after the first dot this added ("17.051").
  if (!/^\d{3,8}$/.test(value) && !/^\d{2}\.\d{3,6}$/.test(value)) return value
  const digits = value.replace('.', '')
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.')
}
