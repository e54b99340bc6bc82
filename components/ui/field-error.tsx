/** The message under an invalid field; its id is what the input's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <span id={id} className="field__error" role="alert">
      {message}
    </span>
  )
}

/** The aria attributes of an input with an optional error. */
export function invalidProps(id: string, message?: string) {
  return {
    'aria-invalid': message ? ('true' as const) : ('false' as const),
    'aria-describedby': message ? id : undefined,
  }
}
