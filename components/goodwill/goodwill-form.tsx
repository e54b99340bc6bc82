'use client'

import { useTranslations } from 'next-intl'
import {
  isAuftragsnummer,
  GOODWILL_EARLIEST_ORDER_DATE,
  GOODWILL_FIELD_LIMITS,
  GOODWILL_MAX_PER_DAY,
} from '@/lib/contracts/form-rules'
import { parseGermanDate } from '@/lib/shared/german-date'
import type { FormAction } from '@/lib/portal/form-state'
import { PortalFields } from '@/components/account/portal-fields'
import { useActionForm } from '@/components/account/use-validated-submit'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { fieldProps } from '@/components/ui/field-props'
import { lengthRules } from '@/components/ui/field-rules'
import { nameRules } from '@/components/ui/name-rules'
import { FocusedFormError } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'
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
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(props.action, {
    vorname: '',
    nachname: '',
    auftragsdatum: '',
    auftragsnummer: '',
    empfehlung: '',
    nachricht: '',
  })
  const field = fieldProps(form, 'goodwill', t)
  const name = (label: string) => nameRules(label, tv, { max: GOODWILL_FIELD_LIMITS.Name.max })
  const limits = GOODWILL_FIELD_LIMITS.Nachricht

  return (
    <form className={`form ${styles.form}`} action={formAction} noValidate onSubmit={submit}>
      {state.error === 'ZuVieleAnfragen' ? (
        <div className="alert alert--error" role="alert">
          {t('tooMany', { max: GOODWILL_MAX_PER_DAY })}
        </div>
      ) : (
        <FocusedFormError state={state} />
      )}
      <PortalFields tenant={props.tenant} widget={props.widget} />
      <p className="hint">{t('requiredHint')}</p>

      <fieldset className="form__group">
        <legend>{t('friendTitle')}</legend>
        <TextField {...field('vorname', name(t('vorname')))} autoComplete="off" />
        <TextField {...field('nachname', name(t('nachname')))} autoComplete="off" />
      </fieldset>

      <fieldset className="form__group">
        <legend>{t('orderTitle')}</legend>
        <TextField
          {...field('auftragsdatum', {
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
          inputMode="numeric"
          autoComplete="off"
          hint={t('auftragsdatumHint')}
        />
        <TextField
          {...field('auftragsnummer', {
            validate: (v) => !v.trim() || isAuftragsnummer(v) || t('auftragsnummerInvalid'),
          })}
          autoComplete="off"
          hint={t('auftragsnummerHint')}
        />
        {props.recommendations.length > 0 && (
          <div className="field">
            <label htmlFor="goodwill-empfehlung">{t('empfehlung')}</label>
            <select id="goodwill-empfehlung" className={styles.select} {...form.register('empfehlung')}>
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

      <TextAreaField
        {...field(
          'nachricht',
          lengthRules(t('nachricht'), { ...limits, kind: 'text' }, tv, (values) => t('tooShort', values)),
        )}
        className={styles.message}
        rows={6}
        hint={t('nachrichtHint', { min: limits.min, max: limits.max })}
      />

      <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  )
}
