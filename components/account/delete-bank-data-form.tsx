'use client'

import { useActionState, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { FormStatus } from '@/components/ui/form-status'
import { ModalDialog, ModalHeader } from '@/components/ui/modal-dialog'
import { SubmitButton } from '@/components/ui/submit-button'
import { PortalFields } from './portal-fields'

type Props = {
  action: FormAction
  tenant: string
  widget?: string
  /** The stored account as shown (masked), named in the question. */
  iban: string
}

/**
 * Deletes the referrer's bank data only after a confirmation in a dialog, which opens with the focus on
 * "Cancel" (the harmless choice); a refusal of the server shows in the dialog.
 */
export function DeleteBankDataForm({ action, tenant, widget, iban }: Props) {
  const t = useTranslations('ReferrerBank')
  const [open, setOpen] = useState(false)
  const [state, formAction, pending] = useActionState(action, {})
  const cancel = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('deleteOpen')}
      </button>
      <ModalDialog
        open={open}
        onClose={close}
        labelledBy="bank-delete-title"
        describedBy="bank-delete-text"
        initialFocus={() => cancel.current}
      >
        <ModalHeader
          titleId="bank-delete-title"
          title={t('deleteConfirmTitle')}
          closeLabel={t('close')}
          onClose={close}
        />
        <p id="bank-delete-text">{t('deleteConfirmText', { iban })}</p>
        <form className="stack" action={formAction}>
          <FormStatus error={state.error} />
          <PortalFields tenant={tenant} widget={widget} />
          <div className="button-row">
            <SubmitButton
              pending={pending}
              label={t('deleteConfirm')}
              pendingLabel={t('deleting')}
              variant="danger"
            />
            <button ref={cancel} type="button" className="button button--secondary" onClick={close}>
              {t('cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  )
}
