'use client'

import { useFormStatus } from 'react-dom'
import { SubmitButton } from './submit-button'

/** The submit button of a plain server-action form: shows the spinner while the form is sent. */
export function PendingButton(props: {
  label: string
  pendingLabel: string
  variant?: 'primary' | 'secondary' | 'danger'
}) {
  const { pending } = useFormStatus()
  return <SubmitButton pending={pending} {...props} />
}
