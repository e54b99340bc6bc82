'use client'

import { useActionState, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { isAgentNumber } from '@/lib/contracts/form-rules'
import { CaptchaField } from '@/components/account/captcha-field'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { fieldProps } from '@/components/ui/field-props'
import { emailRules } from '@/components/ui/field-rules'
import { nameRules } from '@/components/ui/name-rules'
import { FormStatus } from '@/components/ui/form-status'
import { TextField } from '@/components/ui/text-field'
import type { CaptchaReload } from '@/lib/portal/form-state'
import type { InvitationFormState } from '@/lib/portal/invitation-form'
import type { InvitationTool } from '@/lib/contracts/invitation'
import styles from './agency.module.css'

export type InvitationFormProps = {
  action: (state: InvitationFormState, formData: FormData) => Promise<InvitationFormState>
  reloadCaptcha: CaptchaReload
  tenant: string
  /** The numbers the agency area offers; null on the employee form, where the number is typed. */
  tool: InvitationTool | null
  /** The agency's own texts (content/agenturvariables) already applied, from the server. */
  texts: Record<
    | 'formTitle'
    | 'consentHint'
    | 'art'
    | 'artVorOrt'
    | 'artTelefon'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'number'
    | 'numberInvalid'
    | 'submit'
    | 'sending'
    | 'numberOwn'
    | 'sent',
    string
  >
}

type Fields = { art: string; vorname: string; nachname: string; email: string; nummer: string }

/** The form as it starts: a conversation on site, the person's own number preselected where offered. */
function blank(tool: InvitationTool | null): Fields {
  const nummer = tool ? (tool.Eigene ?? tool.Mitarbeiter[0]?.Mitarbeiternummer ?? '') : ''
  return { art: 'VorOrt', vorname: '', nachname: '', email: '', nummer }
}

/**
 * Einladungstool's form: who was spoken to, how, and whose conversation it was. Checked in the browser
 * with the portal's own messages (react-hook-form, as every form of the portal), sent only when it
 * passes; without script the server checks it alone. After a sent invitation the form starts empty
 * again with the outcome above it; a refused one keeps what was typed.
 */
export function InvitationForm({ action, reloadCaptcha, tenant, tool, texts }: InvitationFormProps) {
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState<InvitationFormState, FormData>(action, {})
  const sent = state.ok && state.sentTo ? texts.sent.replace('{email}', state.sentTo) : undefined
  // Without script the page comes back from the server with the refused form's input; with script
  // the fields keep it themselves, so only the first answer rendered gives the defaults.
  const [typed] = useState<Fields>(() =>
    state.typed ? { ...state.typed, art: state.typed.art === 'Telefon' ? 'Telefon' : 'VorOrt' } : blank(tool),
  )
  const form = useForm<Fields>({ mode: 'onTouched', defaultValues: typed })
  const submit = useValidatedSubmit(form.handleSubmit, formAction)
  const { register, reset } = form
  // A sent invitation empties the form for the next one; a refusal keeps what was typed.
  useEffect(() => {
    if (state.ok) reset(blank(tool), { keepFieldsRef: true })
  }, [state, reset, tool])
  const labels = {
    vorname: texts.firstName,
    nachname: texts.lastName,
    email: texts.email,
    nummer: texts.number,
  }
  const field = fieldProps(form, 'invite', (key: keyof typeof labels) => labels[key])
  return (
    <form
      action={formAction}
      onSubmit={submit}
      noValidate
      className={styles.changeForm}
      aria-labelledby="invitation-form-title"
    >
      <h2 id="invitation-form-title">{texts.formTitle}</h2>
      <FormStatus error={state.error} success={sent} />
      <p className="hint">{texts.consentHint}</p>
      <input type="hidden" name="tenant" value={tenant} />
      <fieldset className="form__group">
        <legend>{texts.art}</legend>
        <div className="field field--radio">
          <input
            id="invite-art-vorort"
            type="radio"
            value="VorOrt"
            defaultChecked={typed.art === 'VorOrt'}
            {...register('art')}
          />
          <label htmlFor="invite-art-vorort">{texts.artVorOrt}</label>
        </div>
        <div className="field field--radio">
          <input
            id="invite-art-telefon"
            type="radio"
            value="Telefon"
            defaultChecked={typed.art === 'Telefon'}
            {...register('art')}
          />
          <label htmlFor="invite-art-telefon">{texts.artTelefon}</label>
        </div>
      </fieldset>
      <div className={styles.formRow}>
        <TextField
          {...field('vorname', nameRules(texts.firstName, tv))}
          defaultValue={typed.vorname}
          autoComplete="off"
        />
        <TextField
          {...field('nachname', nameRules(texts.lastName, tv))}
          defaultValue={typed.nachname}
          autoComplete="off"
        />
      </div>
      <TextField
        {...field('email', emailRules(texts.email, tv))}
        defaultValue={typed.email}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      {tool ? (
        <div className="field">
          <label htmlFor="invite-nummer">{texts.number}</label>
          <select id="invite-nummer" defaultValue={typed.nummer} {...register('nummer')}>
            {tool.Mitarbeiter.map((entry) => (
              <option key={entry.Mitarbeiternummer} value={entry.Mitarbeiternummer}>
                {entry.Mitarbeiternummer === tool.Eigene
                  ? texts.numberOwn.replace('{nummer}', entry.Mitarbeiternummer)
                  : `${entry.Mitarbeiternummer} – ${entry.Name}`}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <TextField
          {...field('nummer', {
            validate: (value: string) =>
              value.trim() === ''
                ? tv('requiredField', { field: texts.number })
                : isAgentNumber(value) || texts.numberInvalid,
          })}
          defaultValue={typed.nummer}
          autoComplete="off"
        />
      )}
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <button type="submit" className="button" disabled={pending}>
        {pending ? texts.sending : texts.submit}
      </button>
    </form>
  )
}
