'use client'

import { startTransition, useActionState, type FormEvent } from 'react'
import { useForm, type DefaultValues, type FieldValues, type UseFormHandleSubmit } from 'react-hook-form'
import type { FormState } from '@/lib/portal/form-state'

/**
 * React hands a form to its action unless the submit is prevented synchronously, so the submit is held
 * back here and sent only after the browser-side check (react-hook-form) passed. react-hook-form's own
 * submit marks the form as submitted, so from then on a message goes as soon as its field is corrected
 * (not only when the field is left, which would move the button under the pointer).
 */
export function useValidatedSubmit<T extends FieldValues>(
  handleSubmit: UseFormHandleSubmit<T>,
  formAction: (formData: FormData) => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    void handleSubmit(() => {
      startTransition(() => formAction(new FormData(form)))
    })(event)
  }
}

/**
 * A portal form's state in one: the answer of its server action (useActionState), the react-hook-form
 * form that checks each field when it is left, and the submit that sends only a form that passed.
 */
export function useActionForm<T extends FieldValues, S extends FormState = FormState>(
  action: (state: S, formData: FormData) => Promise<S>,
  defaultValues?: DefaultValues<T>,
) {
  const [state, formAction, pending] = useActionState(action, {} as Awaited<S>)
  const form = useForm<T>({ mode: 'onTouched', defaultValues })
  const submit = useValidatedSubmit(form.handleSubmit, formAction)
  return { state, formAction, pending, form, submit }
}
