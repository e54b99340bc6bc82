'use client'

import { useTranslations } from 'next-intl'
import type { FieldErrors, UseFormRegister, UseFormGetValues } from 'react-hook-form'
import { passwordIssues, passwordSchema, type PasswordIssue } from '@/lib/contracts/password'
import { FieldError, invalidProps } from '@/components/ui/field-error'

export type PasswordValues = { password: string; passwordRepeat: string }

type Props<T extends PasswordValues> = {
  idPrefix: string
  register: UseFormRegister<T>
  getValues: UseFormGetValues<T>
  errors: FieldErrors<T>
  /** The new password as typed, for the live rule list. */
  value: string
}

const RULES: { issue: PasswordIssue; key: 'ruleLength' | 'ruleLower' | 'ruleUpper' | 'ruleDigit' }[] = [
  { issue: 'tooShort', key: 'ruleLength' },
  { issue: 'lowercase', key: 'ruleLower' },
  { issue: 'uppercase', key: 'ruleUpper' },
  { issue: 'digit', key: 'ruleDigit' },
]

/**
 * New password and its repetition, checked with the main API's own rule (lib/contracts/password.ts),
 * with a live list of what the password still needs.
 */
export function PasswordFields<T extends PasswordValues>({
  idPrefix,
  register,
  getValues,
  errors,
  value,
}: Props<T>) {
  const t = useTranslations('SetPassword')
  const tv = useTranslations('Validation')
  const reg = register as unknown as UseFormRegister<PasswordValues>
  const get = getValues as unknown as UseFormGetValues<PasswordValues>
  const errs = errors as FieldErrors<PasswordValues>
  const issues = passwordIssues(value ?? '')
  const id = `${idPrefix}-password`
  const repeatId = `${idPrefix}-password-repeat`
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{t('password')}</label>
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          {...invalidProps(`${id}-error`, errs.password?.message)}
          aria-describedby={[`${id}-rules`, errs.password ? `${id}-error` : null].filter(Boolean).join(' ')}
          {...reg('password', {
            required: tv('requiredField', { field: t('password') }),
            validate: (v) =>
              passwordSchema.safeParse(v).success ||
              (v.length > 128 ? tv('passwordTooLong') : tv('password')),
          })}
        />
        <div id={`${id}-rules`}>
          <span>{t('rulesTitle')}</span>
          <ul className="password-rules">
            {RULES.map(({ issue, key }) => {
              const met = !issues.includes(issue)
              return (
                <li key={key} data-met={met}>
                  {t(key)}
                  <span className="visually-hidden"> ({met ? t('ruleMet') : t('ruleMissing')})</span>
                </li>
              )
            })}
          </ul>
        </div>
        <FieldError id={`${id}-error`} message={errs.password?.message} />
      </div>
      <div className="field">
        <label htmlFor={repeatId}>{t('passwordRepeat')}</label>
        <input
          id={repeatId}
          type="password"
          autoComplete="new-password"
          {...invalidProps(`${repeatId}-error`, errs.passwordRepeat?.message)}
          {...reg('passwordRepeat', {
            required: tv('requiredField', { field: t('passwordRepeat') }),
            validate: (v) => v === get('password') || t('mismatch'),
          })}
        />
        <FieldError id={`${repeatId}-error`} message={errs.passwordRepeat?.message} />
      </div>
    </>
  )
}
