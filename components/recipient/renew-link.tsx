'use client'

import { useActionState } from 'react'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'

/**
 * Under "your data is confirmed already" (the confirmation link opened again on a device that does not
 * know the friend): a new link by mail, so he goes on from here. The button submits the form it stands
 * in, whose hidden fields carry the used link's token, to its own action.
 */
export function RenewLink({ action }: { action: FormAction }) {
  const t = useTranslations('Recipient')
  const [state, formAction, pending] = useActionState(action, {})
  if (state.ok) return <FormStatus success={t('renewSent')} />
  return (
    <div className="stack">
      <FormStatus error={state.error} />
      <p>{t('linkUsedHint')}</p>
      <div>
        <SubmitButton
          pending={pending}
          label={t('newLink')}
          pendingLabel={t('resending')}
          formAction={formAction}
        />
      </div>
    </div>
  )
}
