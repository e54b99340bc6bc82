'use client'

import { useActionState, useState } from 'react'
import { CaptchaField } from '@/components/account/captcha-field'
import { FormStatus } from '@/components/ui/form-status'
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
    | 'submit'
    | 'sending'
    | 'numberOwn'
    | 'sent',
    string
  >
}

/**
 * Einladungstool's form: who was spoken to, how, and whose conversation it was. After a sent invitation
 * the form starts empty again with the outcome above it; a refused one keeps what was typed.
 */
export function InvitationForm({ action, reloadCaptcha, tenant, tool, texts }: InvitationFormProps) {
  const [state, formAction, pending] = useActionState<InvitationFormState, FormData>(action, {})
  const sent = state.ok && state.sentTo ? texts.sent.replace('{email}', state.sentTo) : undefined
  // Each answer renders the form anew: empty after a sent invitation, as typed after a refusal.
  const [answered, setAnswered] = useState(state)
  const [answers, setAnswers] = useState(0)
  if (answered !== state) {
    setAnswered(state)
    setAnswers((count) => count + 1)
  }
  const typed = state.typed
  return (
    <form
      action={formAction}
      className={styles.changeForm}
      aria-labelledby="invitation-form-title"
      key={answers}
    >
      <h2 id="invitation-form-title">{texts.formTitle}</h2>
      <FormStatus error={state.error} success={sent} />
      <p className="hint">{texts.consentHint}</p>
      <input type="hidden" name="tenant" value={tenant} />
      <fieldset className="form__group">
        <legend>{texts.art}</legend>
        <label className="choice">
          <input type="radio" name="art" value="VorOrt" defaultChecked={typed?.art !== 'Telefon'} />{' '}
          {texts.artVorOrt}
        </label>
        <label className="choice">
          <input type="radio" name="art" value="Telefon" defaultChecked={typed?.art === 'Telefon'} />{' '}
          {texts.artTelefon}
        </label>
      </fieldset>
      <div className={styles.formRow}>
        <div className="field">
          <label htmlFor="invite-vorname">{texts.firstName}</label>
          <input
            id="invite-vorname"
            name="vorname"
            defaultValue={typed?.vorname}
            autoComplete="off"
            required
            maxLength={100}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-nachname">{texts.lastName}</label>
          <input
            id="invite-nachname"
            name="nachname"
            defaultValue={typed?.nachname}
            autoComplete="off"
            required
            maxLength={100}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="invite-email">{texts.email}</label>
        <input
          id="invite-email"
          name="email"
          defaultValue={typed?.email}
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          maxLength={254}
        />
      </div>
      <div className="field">
        <label htmlFor="invite-nummer">{texts.number}</label>
        {tool ? (
          <select
            id="invite-nummer"
            name="nummer"
            defaultValue={typed?.nummer ?? tool.Eigene ?? tool.Mitarbeiter[0]?.Mitarbeiternummer}
          >
            {tool.Mitarbeiter.map((entry) => (
              <option key={entry.Mitarbeiternummer} value={entry.Mitarbeiternummer}>
                {entry.Mitarbeiternummer === tool.Eigene
                  ? texts.numberOwn.replace('{nummer}', entry.Mitarbeiternummer)
                  : `${entry.Mitarbeiternummer} – ${entry.Name}`}
              </option>
            ))}
          </select>
        ) : (
          <input
            id="invite-nummer"
            name="nummer"
            defaultValue={typed?.nummer}
            autoComplete="off"
            required
            maxLength={20}
            pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
          />
        )}
      </div>
      {state.captcha && <CaptchaField challenge={state.captcha} reload={reloadCaptcha} tenant={tenant} />}
      <button type="submit" className="button" disabled={pending}>
        {pending ? texts.sending : texts.submit}
      </button>
    </form>
  )
}
