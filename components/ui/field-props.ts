import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form'

/**
 * The props of a form's TextField or TextAreaField for a react-hook-form field named like its messages
 * key: id `${prefix}-${name}`, label `label(name)`, the registration with its rules, and the field's
 * message. A form calls it once (`const field = fieldProps(form, 'contact', t)`) and spreads
 * `field(name, rules)` into each of its text inputs; `label` is the form's translator, so a field is named
 * only when its messages have its key.
 */
export function fieldProps<T extends FieldValues, L extends (key: never) => string>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  prefix: string,
  label: L,
) {
  const labelOf = label as unknown as (key: string) => string
  return <N extends Path<T> & Parameters<L>[0]>(name: N, rules?: RegisterOptions<T, N>) => ({
    id: `${prefix}-${name}`,
    label: labelOf(name),
    registration: form.register(name, rules),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  })
}
