'use client'

import Link from 'next/link'
import type { ReactNode } from 'react'
import {
  get,
  type FieldError as FormFieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form'
import { useTranslations } from 'next-intl'
import { FieldError, invalidProps } from '@/components/ui/field-error'

type TickForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'trigger'>

/**
 * The mandatory terms checkbox (SPEC §5) of the form field `name`: unticked on submit it says 'Dies ist
 * ein Pflichtfeld.' and 'Die Zustimmung ist erforderlich, um fortzufahren.', both announced with the box.
 */
export function TermsCheckbox<T extends FieldValues>({
  id,
  form,
  name,
  label,
  messages = 'both',
}: {
  id: string
  form: TickForm<T> & Pick<UseFormReturn<T>, 'formState'>
  name: Path<T>
  label: ReactNode
  /**
   * 'consent': one message only, 'Die Zustimmung ist erforderlich, um fortzufahren.' (a consent is
   * not just a required field); 'both' (default): both SPEC messages.
   */
  messages?: 'both' | 'consent'
}) {
  const tv = useTranslations('Validation')
  const error = (get(form.formState.errors, name) as FormFieldError | undefined)?.message
  if (messages === 'consent')
    return (
      <div className="field field--check">
        <input
          id={id}
          type="checkbox"
          {...invalidProps(`${id}-error`, error)}
          {...requiredTick(form, name, tv('consentRequired'))}
        />
        <label htmlFor={id}>{label}</label>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    )
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        {...invalidProps(`${id}-error ${id}-consent`, error)}
        {...requiredTick(form, name, tv('required'))}
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
function requiredTick<T extends FieldValues>(
  form: TickForm<T>,
  name: Path<T>,
  message: string,
): UseFormRegisterReturn {
  return form.register(name, { required: message, onChange: () => void form.trigger(name) })
}

/** The tags of a consent text: <privacy> links the privacy notice, <agb> (when given) the terms. */
export function legalLinks({ termsHref, privacyHref }: { termsHref?: string; privacyHref: string }) {
  const link = (href: string) =>
    function LegalLink(chunks: ReactNode) {
      return <Link href={href}>{chunks}</Link>
    }
  return { privacy: link(privacyHref), ...(termsHref === undefined ? {} : { agb: link(termsHref) }) }
}
