'use client'

import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import {
  auftragsnummerSchema,
  GOODWILL_EARLIEST_ORDER_DATE,
  GOODWILL_FIELD_LIMITS,
  GOODWILL_MAX_PER_DAY,
} from '@/lib/contracts/goodwill'
import { hasDisallowedCharacters } from '@/lib/contracts/text-input'
import { parseGermanDate } from '@/lib/shared/german-date'
import type { FormAction } from '@/lib/portal/form-state'
import { PortalFields } from '@/components/account/portal-fields'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { TextField } from '@/components/ui/text-field'
import { nameRules } from '@/components/ui/name-rules'
import { FieldError } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import styles from './goodwill-form.module.css'

type Fields = {
  vorname: string
  nachname: string
  auftragsdatum: string
  auftragsnummer: string
  empfehlung: string
  nachricht: string
}

export type GoodwillFormProps = {
  action: FormAction
  tenant: string
  widget?: string
  /** The referrer's recommendations to choose from, labelled by the screen. */
  recommendations: { nummer: string; label: string }[]
  /** Today in German time (YYYY-MM-DD): an order date may not be later. */
  today: string
}

/**
 * "Prämie fehlt?": the goodwill claim of a referrer whose friend ordered but whose reward is missing —
 * the friend's names, optionally the order date (DD.MM.YYYY), the order number and the recommendation,
 * and a message. The action files it and goes on to the thank-you screen (/kulanzdanke).
 */
export function GoodwillForm(props: GoodwillFormProps) {
  const t = useTranslations('Goodwill')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(props.action, {})
  const { register, handleSubmit, formState } = useForm<Fields>({
    mode: 'onTouched',
    defaultValues: {
      vorname: '',
      nachname: '',
      auftragsdatum: '',
      auftragsnummer: '',
      empfehlung: '',
      nachricht: '',
    },
  })
  const validated = useValidatedSubmit(handleSubmit, formAction)
  const e = formState.errors

  /** aria attributes of a field with an optional hint and an optional error. */
  const described = (id: string, message?: string, hint = false) => {
    const ids = [message ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
    return {
      'aria-invalid': message ? ('true' as const) : ('false' as const),
      'aria-describedby': ids || undefined,
    }
  }
  const limits = GOODWILL_FIELD_LIMITS.Nachricht

  return (
    <form className={`form ${styles.form}`} action={formAction} noValidate onSubmit={validated}>
      {state.error === 'ZuVieleAnfragen' ? (
        <div className="alert alert--error" role="alert">
          {t('tooMany', { max: GOODWILL_MAX_PER_DAY })}
        </div>
      ) : (
        <FormStatus error={state.error} />
      )}
      <PortalFields tenant={props.tenant} widget={props.widget} />
      <p className="hint">{t('requiredHint')}</p>

      <fieldset className="form__group">
        <legend>{t('friendTitle')}</legend>
        <TextField
          id="goodwill-vorname"
          label={t('vorname')}
          autoComplete="off"
          error={e.vorname?.message}
          registration={register(
            'vorname',
            nameRules(t('vorname'), tv, { max: GOODWILL_FIELD_LIMITS.Name.max }),
          )}
        />
        <TextField
          id="goodwill-nachname"
          label={t('nachname')}
          autoComplete="off"
          error={e.nachname?.message}
          registration={register(
            'nachname',
            nameRules(t('nachname'), tv, { max: GOODWILL_FIELD_LIMITS.Name.max }),
          )}
        />
      </fieldset>

      <fieldset className="form__group">
        <legend>{t('orderTitle')}</legend>
        <TextField
          id="goodwill-auftragsdatum"
          label={t('auftragsdatum')}
          inputMode="numeric"
          autoComplete="off"
          error={e.auftragsdatum?.message}
          hint={t('auftragsdatumHint')}
          registration={register('auftragsdatum', {
            validate: (v) => {
              const value = v.trim()
              if (!value) return true
              if (!/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(value)) return tv('dateFormat')
              const iso = parseGermanDate(value)
              if (!iso) return tv('dateInvalid')
              if (iso < GOODWILL_EARLIEST_ORDER_DATE) return t('dateTooEarly')
              if (iso > props.today) return t('dateFuture')
              return true
            },
          })}
        />
        <TextField
          id="goodwill-auftragsnummer"
          label={t('auftragsnummer')}
          autoComplete="off"
          error={e.auftragsnummer?.message}
          hint={t('auftragsnummerHint')}
          registration={register('auftragsnummer', {
            validate: (v) =>
              !v.trim() || auftragsnummerSchema.safeParse(v).success || t('auftragsnummerInvalid'),
          })}
        />
        {props.recommendations.length > 0 && (
          <div className="field">
            <label htmlFor="goodwill-empfehlung">{t('empfehlung')}</label>
            <select id="goodwill-empfehlung" {...register('empfehlung')}>
              <option value="">{t('empfehlungNone')}</option>
              {props.recommendations.map((r) => (
                <option key={r.nummer} value={r.nummer}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor="goodwill-nachricht">{t('nachricht')}</label>
        <textarea
          id="goodwill-nachricht"
          className={styles.message}
          rows={6}
          {...described('goodwill-nachricht', e.nachricht?.message, true)}
          {...register('nachricht', {
            validate: (v) => {
              const length = v.trim().length
              if (length === 0) return tv('requiredField', { field: t('nachricht') })
              if (hasDisallowedCharacters(v, 'text'))
                return tv('disallowedCharacters', { field: t('nachricht') })
              if (length < limits.min) return t('tooShort', { field: t('nachricht'), min: limits.min })
              if (length > limits.max) return tv('tooLong', { field: t('nachricht'), max: limits.max })
              return true
            },
          })}
        />
        <span id="goodwill-nachricht-hint" className="hint">
          {t('nachrichtHint', { min: limits.min, max: limits.max })}
        </span>
        <FieldError id="goodwill-nachricht-error" message={e.nachricht?.message} />
      </div>

      <div>
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  )
}
