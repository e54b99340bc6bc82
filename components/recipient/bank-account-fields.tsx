'use client'

import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { validateIban } from '@/lib/shared/iban'
import { charactersRule, noWebAddressRule } from '@/components/ui/characters-rule'
import { FieldError, invalidProps } from '@/components/ui/field-error'

export type BankAccountValues = { iban: string; kontoinhaber: string }

type Props = {
  register: UseFormRegister<BankAccountValues>
  errors: FieldErrors<BankAccountValues>
  /** The id prefix of the inputs, so two forms on one page never share ids. */
  idPrefix: string
  /** ModuleIBANNurDE: only German IBANs. */
  germanOnly: boolean
  /** The texts: iban, ibanHint, kontoinhaber. */
  labels: { iban: string; ibanHint: string; kontoinhaber: string }
  /** The fields come and go with a choice (a transfer): their values go with them. */
  shouldUnregister?: boolean
}

/**
 * IBAN and account holder, checked in the browser as on the server (the IBAN's country, length, format
 * and checksum; German only under ModuleIBANNurDE), each message linked to its field. One pair of
 * fields for every form that takes bank data.
 */
export function BankAccountFields({
  register,
  errors,
  idPrefix,
  germanOnly,
  labels,
  shouldUnregister,
}: Props) {
  const tv = useTranslations('Validation')
  const id = (name: string) => `${idPrefix}-${name}`
  return (
    <>
      <div className="field">
        <label htmlFor={id('iban')}>{labels.iban}</label>
        <span className="hint" id={id('iban-hint')}>
          {labels.ibanHint}
        </span>
        <input
          id={id('iban')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          {...invalidProps(id('iban-error'), errors.iban?.message)}
          aria-describedby={errors.iban ? `${id('iban-hint')} ${id('iban-error')}` : id('iban-hint')}
          {...register('iban', {
            shouldUnregister,
            validate: (v) => {
              if (!v.trim()) return tv('requiredField', { field: labels.iban })
              const checked = validateIban(v, { germanOnly })
              if (checked.ok) return true
              return checked.reason === 'notGerman'
                ? tv('ibanGermanOnly', { field: labels.iban })
                : tv('ibanInvalid', { field: labels.iban })
            },
          })}
        />
        <FieldError id={id('iban-error')} message={errors.iban?.message} />
      </div>
      <div className="field">
        <label htmlFor={id('holder')}>{labels.kontoinhaber}</label>
        <input
          id={id('holder')}
          autoComplete="name"
          {...invalidProps(id('holder-error'), errors.kontoinhaber?.message)}
          {...register('kontoinhaber', {
            shouldUnregister,
            validate: {
              filled: (v) => v.trim().length >= 2 || tv('requiredField', { field: labels.kontoinhaber }),
              characters: charactersRule(tv('disallowedCharacters', { field: labels.kontoinhaber })),
              address: noWebAddressRule(tv('nameWithAddress', { field: labels.kontoinhaber })),
            },
            maxLength: { value: 140, message: tv('tooLong', { field: labels.kontoinhaber, max: 140 }) },
          })}
        />
        <FieldError id={id('holder-error')} message={errors.kontoinhaber?.message} />
      </div>
    </>
  )
}
