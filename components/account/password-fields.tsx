'use client'

import { useTranslations } from 'next-intl'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { PasswordValidator } from '@/lib/contracts/password'
import { PASSWORD_RULE, passwordIssues, type PasswordIssue } from '@/lib/contracts/password-rule'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { TextField } from '@/components/ui/text-field'

export type PasswordValues = { password: string; passwordRepeat: string }

type Props<T extends PasswordValues> = {
  idPrefix: string
  /** The form the two fields belong to (react-hook-form's useForm). */
  form: Pick<UseFormReturn<T>, 'register' | 'getValues' | 'formState' | 'control'>
  /**
   * The rule the main API serves (GET /account/passwortvalidator, SPEC §5: "a server password validator
   * is also fetched"); without it, the built-in one.
   */
  rule?: PasswordValidator | null
}

const RULES: { issue: PasswordIssue; key: 'ruleLength' | 'ruleLower' | 'ruleUpper' | 'ruleDigit' }[] = [
  { issue: 'tooShort', key: 'ruleLength' },
  { issue: 'lowercase', key: 'ruleLower' },
  { issue: 'uppercase', key: 'ruleUpper' },
  { issue: 'digit', key: 'ruleDigit' },
]

/** Which flag of the rule asks for each part (the length is always asked). */
const RULE_FLAG: Record<PasswordIssue, 'Kleinbuchstabe' | 'Grossbuchstabe' | 'Ziffer' | null> = {
  tooShort: null,
  tooLong: null,
  lowercase: 'Kleinbuchstabe',
  uppercase: 'Grossbuchstabe',
  digit: 'Ziffer',
}

/** The built-in rule where no served one is given (component tests, a failed validator call). */
const BUILT_IN: PasswordValidator = { ...PASSWORD_RULE, Muster: '', Meldung: '' }

/**
 * New password and its repetition, checked with the main API's own rule (as the server validator
 * describes it), with a live list of what the password still needs.
 */
export function PasswordFields<T extends PasswordValues>({ idPrefix, form, rule: served }: Props<T>) {
  const t = useTranslations('SetPassword')
  const tv = useTranslations('Validation')
  const { register, getValues, formState, control } = form as unknown as Pick<
    UseFormReturn<PasswordValues>,
    'register' | 'getValues' | 'formState' | 'control'
  >
  const errs = formState.errors
  const rule = served ?? BUILT_IN
  const issues = passwordIssues(useWatch({ control, name: 'password' }) ?? '', rule)
  const asked = RULES.filter(({ issue }) => RULE_FLAG[issue] === null || rule[RULE_FLAG[issue]!])
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
            validate: (v) => {
              const missed = passwordIssues(v, rule)
              if (missed.length === 0) return true
              return missed.includes('tooLong') ? tv('passwordTooLong') : rule.Meldung || tv('password')
            },
          })}
        />
        <div id={`${id}-rules`}>
          <span>{t('rulesTitle')}</span>
          <ul className="password-rules">
            {asked.map(({ issue, key }) => {
              const met = !issues.includes(issue)
              return (
                <li key={key} data-met={met}>
                  {t(key, { min: rule.MinLength })}
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
