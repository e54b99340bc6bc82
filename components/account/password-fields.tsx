'use client'

import { useTranslations } from 'next-intl'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { passwordIssues, passwordSchema, type PasswordIssue } from '@/lib/contracts/password'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { TextField } from '@/components/ui/text-field'

export type PasswordValues = { password: string; passwordRepeat: string }

type Props<T extends PasswordValues> = {
  idPrefix: string
  /** The form the two fields belong to (react-hook-form's useForm). */
  form: Pick<UseFormReturn<T>, 'register' | 'getValues' | 'formState' | 'control'>
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
export function PasswordFields<T extends PasswordValues>({ idPrefix, form }: Props<T>) {
  const t = useTranslations('SetPassword')
  const tv = useTranslations('Validation')
  const { register, getValues, formState, control } = form as unknown as Pick<
    UseFormReturn<PasswordValues>,
    'register' | 'getValues' | 'formState' | 'control'
  >
  const errs = formState.errors
  const issues = passwordIssues(useWatch({ control, name: 'password' }) ?? '')
  const id = `${idPrefix}-password`
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
          {...register('password', {
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
      <TextField
        id={`${idPrefix}-password-repeat`}
        label={t('passwordRepeat')}
        type="password"
        autoComplete="new-password"
        error={errs.passwordRepeat?.message}
        registration={register('passwordRepeat', {
          required: tv('requiredField', { field: t('passwordRepeat') }),
          validate: (v) => v === getValues('password') || t('mismatch'),
        })}
      />
    </>
  )
}
