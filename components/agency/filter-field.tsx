/** One field of a report's GET filter form: label and input, named as the address parameter. */
export function FilterField(props: {
  form: string
  name: string
  label: string
  defaultValue: string
  type?: 'text' | 'date' | 'month'
  placeholder?: string
  /** The id of a message that says what is wrong with the value (the field is marked invalid). */
  problem?: string
}) {
  const id = `${props.form}-${props.name}`
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue}
        placeholder={props.placeholder}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem}
      />
    </div>
  )
}
