'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { legalLinks, TermsCheckbox } from '@/components/account/terms-checkbox'
import { useActionForm } from '@/components/account/use-validated-submit'
import { FormStatus } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

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
  const { state, formAction, pending, form, submit } = useActionForm<{ terms: boolean }>(props.action)
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
        form={form}
        name="terms"
        label={t.rich('consentCheckbox', legalLinks(props))}
      />
      <SubmitRow pending={pending} label={t('consentSubmit')} pendingLabel={t('consentSubmitting')} />
    </form>
  )
}
