import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError, invalidProps } from './field-error'
import styles from './text-field.module.css'

/** What the field sets on its input itself. */
type OwnAttributes = 'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'aria-invalid' | 'aria-describedby'

type FieldProps = {
  id: string
  label: ReactNode
  /** react-hook-form's register(name, rules). */
  registration: UseFormRegisterReturn
  /** The field's message; its element's id is `${id}-error`, which the input's aria-describedby names. */
  error?: string
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, OwnAttributes> &
  FieldProps & {
    /** Classes of the wrapper besides `field`. */
    fieldClassName?: string
    /** Shown between label and input (e.g. the format expected); the input's description names it. */
    hint?: ReactNode
  }

/** aria-invalid, and aria-describedby naming the message (when there is one) and the hint. */
function describedProps(id: string, error: string | undefined, hintId: string | undefined) {
  const aria = invalidProps(`${id}-error`, error)
  const describedBy = [aria['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined
  return { ...aria, 'aria-describedby': describedBy }
}

/** A labelled text input of a form: label, input with its aria state, and the message when invalid. */
export function TextField({
  id,
  label,
  registration,
  error,
  fieldClassName,
  hint,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      <input id={id} {...input} {...describedProps(id, error, hintId)} {...registration} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, OwnAttributes> &
  FieldProps & {
    /** Shown below the text area (e.g. the length expected); the text area's description names it. */
    hint: ReactNode
  }

/** A labelled text area for a longer message: label, text area, the hint below it, the message when invalid. */
export function TextAreaField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={className ? `${styles.textarea} ${className}` : styles.textarea}
        {...textarea}
        {...describedProps(id, error, `${id}-hint`)}
        {...registration}
      />
      <span id={`${id}-hint`} className="hint">
        {hint}
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
