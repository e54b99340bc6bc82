'use client'

type Props = {
  pending: boolean
  label: string
  pendingLabel: string
  variant?: 'primary' | 'secondary' | 'danger'
  /** An action of its own for this button, sending the fields of the form it stands in. */
  formAction?: (formData: FormData) => void
}

/** A submit button that shows a spinner and its pending text while the form is sent. */
export function SubmitButton({ pending, label, pendingLabel, variant = 'primary', formAction }: Props) {
  const className = variant === 'primary' ? 'button' : `button button--${variant}`
  return (
    <button
      className={className}
      type="submit"
      disabled={pending}
      aria-busy={pending}
      formAction={formAction}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  )
}

/** A form's last row: its submit button on a line of its own. */
export function SubmitRow(props: Props) {
  return (
    <div>
      <SubmitButton {...props} />
    </div>
  )
}
