import { ConfirmAction } from './confirm-action'
import styles from './agency.module.css'

/**
 * The button of a row that deactivates or reactivates someone (an employee, a sales agent): a form that
 * posts the row's key and the wished state to the screen's server action, no script needed.
 * Deactivating ends the person's access at once, so it is asked once more (ConfirmAction); reactivating
 * undoes nothing and runs at once.
 */
export function ActiveToggle(props: {
  action: (formData: FormData) => Promise<void>
  tenantSegment: string
  id: string
  active: boolean
  /** The button's text and its accessible name (which names the person), for the current state. */
  text: string
  label: string
  /** Deactivating: the question and its answers (see ConfirmAction). */
  confirm: { cancel: string; question: string; confirm: string }
}) {
  const fields = { tenant: props.tenantSegment, id: props.id, aktiv: props.active ? 'nein' : 'ja' }
  if (props.active)
    return (
      <ConfirmAction
        action={props.action}
        fields={fields}
        texts={{ trigger: props.text, triggerLabel: props.label, ...props.confirm }}
      />
    )
  return (
    <form action={props.action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={`button button--secondary ${styles.smallButton}`}
        aria-label={props.label}
      >
        {props.text}
      </button>
    </form>
  )
}
