import { useId } from 'react'
import styles from './agency.module.css'

export type ConfirmActionTexts = {
  /** The button's visible text (e.g. "Löschen") and its accessible name, which names the row. */
  trigger: string
  triggerLabel: string
  /** What the same button says once the question is open: it folds the question away again. */
  cancel: string
  /** The question, naming what happens and that it cannot be undone. */
  question: string
  /** The button that runs the action (e.g. "Ja, löschen"). */
  confirm: string
}

/**
 * A change that cannot be undone (delete, release, deactivate), asked once more before it runs: the
 * row's button opens a question with the button that posts the server action; the same button, now
 * "Abbrechen", folds it away. A native disclosure (details/summary): works without script, by keyboard
 * (Enter or Space, then Tab to the answer) and announces its expanded state; the focus stays on the
 * button that opened it, the answer follows next in the tab order.
 */
export function ConfirmAction(props: {
  action: (formData: FormData) => Promise<void>
  /** The hidden fields the action reads (tenant, the row's key, …). */
  fields: Readonly<Record<string, string>>
  texts: ConfirmActionTexts
  /** How the final button looks: danger for deleting and deactivating, primary for a release. */
  variant?: 'danger' | 'primary'
}) {
  const { texts } = props
  const questionId = useId()
  const confirmClass = props.variant === 'primary' ? 'button' : 'button button--danger'
  return (
    <details className={styles.confirm}>
      <summary className={`button button--secondary ${styles.smallButton}`}>
        <span className={styles.whenClosed}>
          <span aria-hidden="true">{texts.trigger}</span>
          <span className="visually-hidden">{texts.triggerLabel}</span>
        </span>
        <span className={styles.whenOpen}>{texts.cancel}</span>
      </summary>
      <form action={props.action} className={styles.confirmPanel}>
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p id={questionId}>{texts.question}</p>
        <button
          type="submit"
          className={`${confirmClass} ${styles.smallButton}`}
          aria-describedby={questionId}
        >
          {texts.confirm}
        </button>
      </form>
    </details>
  )
}
