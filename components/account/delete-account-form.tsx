'use client'

import { startTransition, useActionState, useState } from 'react'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FieldError, invalidProps } from '@/components/ui/field-error'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'
import { PortalFields } from './portal-fields'

type Props = {
  action: FormAction
  tenant: string
  widget?: string
}

/** Account deletion, only with the explicit confirmation ticked (checked again by the action). */
export function DeleteAccountForm({ action, tenant, widget }: Props) {
  const t = useTranslations('MyData')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(action, {})
  const [confirmed, setConfirmed] = useState(false)
  const [tried, setTried] = useState(false)
  const error = tried && !confirmed ? tv('consentRequired') : undefined
  return (
    <form
      className="form"
      action={formAction}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        const data = new FormData(event.currentTarget)
        if (confirmed) startTransition(() => formAction(data))
      }}
    >
      <FormStatus error={state.error} />
      <PortalFields tenant={tenant} widget={widget} />
      <div className="field field--check">
        <input
          id="delete-confirm"
          name="confirm"
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          {...invalidProps('delete-confirm-error', error)}
        />
        <label htmlFor="delete-confirm">{t('deleteConfirm')}</label>
        <FieldError id="delete-confirm-error" message={error} />
      </div>
      <div>
        <SubmitButton
          pending={pending}
          label={t('deleteSubmit')}
          pendingLabel={t('deleting')}
          variant="danger"
        />
      </div>
    </form>
  )
}
