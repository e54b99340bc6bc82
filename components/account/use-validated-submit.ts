'use client'

import { startTransition, type FormEvent } from 'react'
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form'

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
