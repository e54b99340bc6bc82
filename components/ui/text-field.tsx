import type { InputHTMLAttributes, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError, invalidProps } from './field-error'

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'aria-invalid' | 'aria-describedby'
>

export type TextFieldProps = InputProps & {
  id: string
  label: ReactNode
  /** react-hook-form's register(name, rules). */
  registration: UseFormRegisterReturn
  /** The field's message; its element's id is `${id}-error`, which the input's aria-describedby names. */
  error?: string
  /** Classes of the wrapper besides `field`. */
  fieldClassName?: string
  /** Shown between label and input (e.g. the format expected); the input's description names it. */
  hint?: ReactNode
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
  const aria = invalidProps(`${id}-error`, error)
  const describedBy = [aria['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      <input id={id} {...input} {...aria} aria-describedby={describedBy} {...registration} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
