'use client'

import type { ReactNode } from 'react'
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { FieldError, invalidProps } from '@/components/ui/field-error'

/**
 * The mandatory terms checkbox (SPEC §5): unticked on submit it says 'Dies ist ein Pflichtfeld.' and
 * 'Die Zustimmung ist erforderlich, um fortzufahren.', both announced with the box.
 */
export function TermsCheckbox({
  id,
  registration,
  error,
  label,
}: {
  id: string
  registration: UseFormRegisterReturn
  error?: string
  label: ReactNode
}) {
  const tv = useTranslations('Validation')
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        {...invalidProps(`${id}-error ${id}-consent`, error)}
        {...registration}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} message={error} />
      {error && (
        <p className="field__error" id={`${id}-consent`}>
          {tv('consentRequired')}
        </p>
      )}
    </div>
  )
}

/**
 * The registration of a mandatory tick: required with the given message, and checked again at every
 * change, since a tick is a decision: its message goes (or comes) at once, not only on leaving the box.
 */
export function requiredTick<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'trigger'>,
  name: Path<T>,
  message: string,
): UseFormRegisterReturn {
  return form.register(name, { required: message, onChange: () => void form.trigger(name) })
}
