'use client'

import { useActionState, useId } from 'react'
import { useTranslations } from 'next-intl'
import { isEmail } from '@/lib/contracts/form-rules'
import type { FormState } from '@/lib/portal/form-state'
import { useActionForm } from '@/components/account/use-validated-submit'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { TextField } from '@/components/ui/text-field'
import styles from './friend-path.module.css'

type ResendState = FormState & { sentTo?: string }
type Action = (state: ResendState, formData: FormData) => Promise<ResendState>

/**
 * Under "check your mailbox": the confirmation mail again, and a corrected address for a typo (the mail
 * then goes to the new address only). For a friend who confirmed and whose session lapsed before the
 * consent (`newLink`): a new link to the address he proved, nothing to correct. The engine keeps the
 * limits; its refusals are shown here.
 */
export function ResendConfirmation({
  action,
  tenant,
  newLink = false,
}: {
  action: Action
  tenant: string
  newLink?: boolean
}) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const [again, againAction, againPending] = useActionState(action, {})
  const change = useActionForm<{ email: string }, ResendState>(action)
  const id = useId()
  const e = change.form.formState.errors
  return (
    <div className={styles.status}>
      <form action={againAction}>
        <input type="hidden" name="tenant" value={tenant} />
        <FormStatus
          error={again.error}
          success={again.ok && again.sentTo ? t('resent', { email: again.sentTo }) : undefined}
        />
        <p className={styles.resendRow}>
          {!newLink && t('noMail')}
          <SubmitButton
            pending={againPending}
            label={newLink ? t('newLink') : t('resend')}
            pendingLabel={t('resending')}
            variant={newLink ? 'primary' : 'secondary'}
          />
        </p>
      </form>
      {!newLink && (
        <details className="friend-correct">
          <summary>{t('wrongEmail')}</summary>
          <form className="form" action={change.formAction} noValidate onSubmit={change.submit}>
            <FormStatus
              error={change.state.error}
              success={
                change.state.ok && change.state.sentTo
                  ? t('resent', { email: change.state.sentTo })
                  : undefined
              }
            />
            <input type="hidden" name="tenant" value={tenant} />
            <TextField
              id={`${id}-email`}
              label={t('newEmail')}
              type="email"
              autoComplete="email"
              error={e.email?.message}
              registration={change.form.register('email', {
                validate: (v) => {
                  const value = String(v ?? '').trim()
                  if (!value) return tv('requiredField', { field: t('newEmail') })
                  return isEmail(value) || tv('email')
                },
              })}
            />
            <div>
              <SubmitButton pending={change.pending} label={t('sendToNew')} pendingLabel={t('resending')} />
            </div>
          </form>
        </details>
      )}
    </div>
  )
}
