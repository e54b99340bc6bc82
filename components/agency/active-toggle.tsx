import styles from './agency.module.css'

/**
 * The button of a row that deactivates or reactivates someone (an employee, a sales agent): a form that
 * posts the row's key and the wished state to the screen's server action, no script needed.
 */
export function ActiveToggle(props: {
  action: (formData: FormData) => Promise<void>
  tenantSegment: string
  id: string
  active: boolean
  /** The button's text and its accessible name (which names the person), for the current state. */
  text: string
  label: string
}) {
  return (
    <form action={props.action}>
      <input type="hidden" name="tenant" value={props.tenantSegment} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="aktiv" value={props.active ? 'nein' : 'ja'} />
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
