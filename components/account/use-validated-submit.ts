'use client'

import { startTransition, type FormEvent } from 'react'
import type { FieldValues, UseFormTrigger } from 'react-hook-form'

/**
 * React hands a form to its action unless the submit is prevented synchronously, so the submit is held
 * back here and sent only after the browser-side check (react-hook-form) passed.
 */
export function useValidatedSubmit<T extends FieldValues>(
  trigger: UseFormTrigger<T>,
  formAction: (formData: FormData) => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    void trigger().then((valid) => {
      if (valid) startTransition(() => formAction(new FormData(form)))
    })
  }
}
