'use client'

import Link from 'next/link'
import { useActionState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { requiredTick, TermsCheckbox } from '@/components/account/terms-checkbox'
import { useValidatedSubmit } from '@/components/account/use-validated-submit'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitButton } from '@/components/ui/submit-button'

type Props = {
  action: FormAction
  tenant: string
  termsHref: string
  privacyHref: string
  /** Where the recipient orders once agreed (the main API's product link). */
  orderHref: string
  produkt: string
  mandant: string
  /** Agreed before: the way to the order at once. */
  agreed: boolean
  /** Where a recipient with a cash reward enters bank data. */
  bankHref?: string
}

/** The recipient's consent to terms and privacy, then the way to the provider's order page. */
export function ConsentForm(props: Props) {
  const t = useTranslations('Recipient')
  const tv = useTranslations('Validation')
  const [state, formAction, pending] = useActionState(props.action, {})
  const { register, handleSubmit, formState, trigger } = useForm<{ terms: boolean }>({ mode: 'onTouched' })
  const submit = useValidatedSubmit(handleSubmit, formAction)
  if (state.ok || props.agreed) {
    return (
      <div className="stack">
        {state.ok && <FormStatus success={t('consentDone')} />}
        <p>{t('toOrderHint', { mandant: props.mandant })}</p>
        <p>
          {/* A plain link: the main API answers with a redirect to the provider's order page. */}
          <a className="button" href={props.orderHref}>
            {t('toOrder', { produkt: props.produkt })}
          </a>
        </p>
        {props.bankHref && (
          <p>
            <Link href={props.bankHref}>{t('bankLink')}</Link>
          </p>
        )}
      </div>
    )
  }
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      <FormStatus error={state.error} />
      <input type="hidden" name="tenant" value={props.tenant} />
      <TermsCheckbox
        id="rcp-terms"
        error={formState.errors.terms?.message}
        registration={requiredTick({ register, trigger }, 'terms', tv('required'))}
        label={t.rich('consentCheckbox', {
          agb: (chunks) => <Link href={props.termsHref}>{chunks}</Link>,
          privacy: (chunks) => <Link href={props.privacyHref}>{chunks}</Link>,
        })}
      />
      <div>
        <SubmitButton pending={pending} label={t('consentSubmit')} pendingLabel={t('consentSubmitting')} />
      </div>
    </form>
  )
}
