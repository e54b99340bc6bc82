'use client'

import Link from 'next/link'
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import type { FormAction } from '@/lib/portal/form-state'
import { legalLinks, TermsCheckbox } from '@/components/account/terms-checkbox'
import { useActionForm } from '@/components/account/use-validated-submit'
import { FocusedFormError, FormStatus } from '@/components/ui/form-status'
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
  /** The programme's name in the consent text. */
  programm: string
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
    // Just agreed and nothing else to do here: on to the order page by itself. A friend with a cash
    // reward is offered the bank data first; one who came back chooses himself.
    const forward = state.ok && !props.bankHref
    return (
      <div className="stack">
        {state.ok && <FormStatus success={t('consentDone')} />}
        {forward ? (
          <>
            <ForwardTo href={props.orderHref} />
            <p>{t('forwarding', { mandant: props.mandant })}</p>
            <p>
              {t('forwardFallback')}
              <a href={props.orderHref}>{t('toOrder', { produkt: props.produkt })}</a>
            </p>
          </>
        ) : (
          <>
            <p>{props.bankHref ? t('bankOrOrder') : t('toOrderHint', { mandant: props.mandant })}</p>
            {/* The order first: it is what the recommendation is for; bank data can follow. A plain link:
                the main API answers with a redirect to the provider's order page. */}
            <p>
              <a className="button" href={props.orderHref}>
                {t('toOrder', { produkt: props.produkt })}
              </a>
            </p>
            {props.bankHref && (
              <p>
                <Link className="button button--secondary" href={props.bankHref}>
                  {t('bankLink')}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    )
  }
  return (
    <form className="form" action={formAction} noValidate onSubmit={submit}>
      {/* The request to agree, only while there is something to agree to. */}
      <p className="lead">{t('consentIntro')}</p>
      <FocusedFormError state={state} />
      <input type="hidden" name="tenant" value={props.tenant} />
      <TermsCheckbox
        id="rcp-terms"
        form={form}
        name="terms"
        label={t.rich('consentText', {
          programm: props.programm,
          mandant: props.mandant,
          ...legalLinks(props),
        })}
        messages="consent"
      />
      <SubmitRow pending={pending} label={t('consentSubmit')} pendingLabel={t('consentSubmitting')} />
    </form>
  )
}

/** Goes to the order page shortly after the consent is shown as saved (the link below is the fallback). */
function ForwardTo({ href }: { href: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(href), 1500)
    return () => window.clearTimeout(timer)
  }, [href])
  return null
}
