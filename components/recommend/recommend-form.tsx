'use client'

import Link from 'next/link'
import { useActionState, useEffect } from 'react'
import { useLocale, useTranslations } from 'next-intl'
import { isEmail } from '@/lib/contracts/form-rules'
import type { Aktion } from '@/lib/contracts/catalog'
import type { RewardShare } from '@/lib/contracts/recommendation'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { rewardSplit } from '@/lib/shared/share/share-links'
import { useVisitChannel } from '@/lib/portal/campaign/visit-campaign'
import { parseTenantParam } from '@/lib/routes/href'
import type { FormAction, CaptchaReload } from '@/lib/portal/form-state'
import { CaptchaField } from '@/components/account/captcha-field'
import { legalLinks, TermsCheckbox } from '@/components/account/terms-checkbox'
import type { RecommendFormDisplay } from '@/lib/portal/recommend-form-display'
import { useActionForm } from '@/components/account/use-validated-submit'
import { TextField } from '@/components/ui/text-field'
import { fieldProps } from '@/components/ui/field-props'
import { nameRules } from '@/components/ui/name-rules'
import { FocusedFormError } from '@/components/ui/form-status'
import { SubmitRow } from '@/components/ui/submit-button'

/** A form outside a tenant's recommend screens keeps every field open and asks for the terms. */
const NO_DISPLAY_FLAGS: RecommendFormDisplay = {
  fixedWhenGiven: { vorname: false, nachname: false, email: false },
  acceptTermsOnButtonClick: false,
  ctaOffset: 0,
}

type Fields = { vorname: string; nachname: string; email: string; anteil: string; terms: boolean }

export type RecommendFormProps = {
  action: FormAction
  resendAction: FormAction
  reloadCaptcha: CaptchaReload
  tenant: string
  widget?: string
  channel?: string
  produktId: number
  /** EmpfehlenAgent: the number of the sales agent recommended with the product (AgentNumber). */
  agentNumber?: string
  /** The logged-in referrer: name and e-mail shown and locked. */
  account: { vorname: string; nachname: string; email: string } | null
  /** Who an agency's invitation was for (editable), and the agency: the form starts with these details. */
  invited?: { vorname: string; nachname: string; email: string; agentur: string } | null
  shares: readonly RewardShare[]
  defaultShare: RewardShare
  /** The current reward in cents, for the amounts of the share choice; null without a reward. */
  rewardCents: number | null
  /** The tenant's cap of the friend's part (MaxEmpfaengerPraemieCent). */
  maxRecipientCents: number | null
  campaigns: Aktion[]
  autoAcceptTerms: boolean
  termsHref: string
  privacyHref: string
  dashboardHref: string
  /** The tenant's display flags for this form (lib/portal/recommend-form-display.ts). */
  display?: RecommendFormDisplay
  /**
   * Whether the form itself is the #empfehlen-form target; off where the page puts the target above the
   * product, so a tile's link lands on product and reward first (Empfehlen).
   */
  anchored?: boolean
}

/**
 * The recommendation form (SPEC §3 form state): the referrer's name and e-mail, who gets the reward,
 * the running campaigns with their consent, the terms; the captcha step when the server demands one.
 */
export function RecommendForm(props: RecommendFormProps) {
  const t = useTranslations('Recommend')
  const tv = useTranslations('Validation')
  const te = useTranslations('Errors')
  const { account, invited } = props
  const start = account ?? invited
  const display = props.display ?? NO_DISPLAY_FLAGS
  const acceptOnClick = display.acceptTermsOnButtonClick
  const { state, formAction, pending, form, submit } = useActionForm<Fields>(props.action, {
    vorname: start?.vorname ?? '',
    nachname: start?.nachname ?? '',
    email: start?.email ?? '',
    anteil: String(props.defaultShare),
    terms: props.autoAcceptTerms || acceptOnClick,
  })
  const [resendState, resendFormAction, resending] = useActionState(props.resendAction, {})
  const locale = useLocale()
  const { register, getValues, setValue, getFieldState } = form
  const field = fieldProps(form, 'rec', t)
  /** A logged-in referrer's own name and e-mail are shown, not typed; so are given values the tenant fixes. */
  const locked = account !== null
  // The details may come after the first render (the page is the same for every visitor; the browser
  // asks the session for them): the account's replace what is there, an invitation's fill empty fields.
  // A field already marked (the form was sent before they came) is checked again, so its message goes.
  const [startVorname, startNachname, startEmail] = [start?.vorname, start?.nachname, start?.email]
  useEffect(() => {
    const given = { vorname: startVorname, nachname: startNachname, email: startEmail }
    for (const name of ['vorname', 'nachname', 'email'] as const) {
      const value = given[name]
      if (value && (locked || !getValues(name)))
        setValue(name, value, { shouldValidate: getFieldState(name).invalid })
    }
  }, [startVorname, startNachname, startEmail, locked, getValues, setValue, getFieldState])
  const fixed = (name: keyof RecommendFormDisplay['fixedWhenGiven']) =>
    locked || (display.fixedWhenGiven[name] && Boolean(start?.[name]))
  const money = (cents: number) => formatRewardValue(cents, locale)
  const shareDetail = (share: RewardShare) => {
    if (props.rewardCents === null) return null
    const { referrerCents, friendCents } = rewardSplit(props.rewardCents, share, props.maxRecipientCents)
    if (share === 100) return t('share100Detail', { betrag: money(referrerCents) })
    if (share === 50)
      return referrerCents === friendCents
        ? t('share50Detail', { betrag: money(referrerCents) })
        : t('share50DetailCapped', { betrag: money(referrerCents), freund: money(friendCents) })
    return t('share0Detail', { betrag: money(friendCents) })
  }
  // Why giving the reward away can bring less than keeping it: the friend's part has a cap (SPEC §3).
  const capped = (() => {
    const total = props.rewardCents
    if (total === null || props.maxRecipientCents === null) return false
    return props.shares.some(
      (share) =>
        rewardSplit(total, share, props.maxRecipientCents).friendCents <
        rewardSplit(total, share, null).friendCents,
    )
  })()
  const withConsent = props.campaigns.filter((c) => c.Zustimmung)
  // The address's channel, else the campaign this visit came from (held in memory, not on the device).
  const visitChannel = useVisitChannel(parseTenantParam(props.tenant)?.tenant ?? '')
  const channel = props.channel ?? visitChannel
  return (
    <>
      <form
        id={props.anchored === false ? undefined : 'empfehlen-form'}
        className="form"
        action={formAction}
        noValidate
        onSubmit={submit}
        style={
          props.anchored !== false && display.ctaOffset > 0
            ? { scrollMarginTop: display.ctaOffset }
            : undefined
        }
      >
        {/* The answer's error is taken into view: on a phone the button is a screen or more below it. */}
        <FocusedFormError state={state} />
        {state.error === 'EmpfehlungExists' && (
          <p>
            <Link href={props.dashboardHref}>{t('existsLink')}</Link>
          </p>
        )}
        <input type="hidden" name="tenant" value={props.tenant} />
        <input type="hidden" name="produkt" value={props.produktId} />
        {props.agentNumber !== undefined && <input type="hidden" name="berater" value={props.agentNumber} />}
        {props.widget !== undefined && <input type="hidden" name="widget" value={props.widget} />}
        {channel !== undefined && <input type="hidden" name="channel" value={channel} />}

        <fieldset className="form__group">
          <legend>{t('formTitle')}</legend>
          <p className="hint">
            {account
              ? t('loggedInAs', { name: `${account.vorname} ${account.nachname}` })
              : invited
                ? t('invitedIntro', { agentur: invited.agentur })
                : t('formIntro')}
          </p>
          <TextField
            {...field('vorname', nameRules(t('vorname'), tv, { required: !locked }))}
            autoComplete="given-name"
            readOnly={fixed('vorname')}
          />
          <TextField
            {...field('nachname', nameRules(t('nachname'), tv, { required: !locked }))}
            autoComplete="family-name"
            readOnly={fixed('nachname')}
          />
          <TextField
            {...field('email', {
              required: tv('requiredField', { field: t('email') }),
              validate: (v) => locked || isEmail(v) || tv('email'),
            })}
            type="email"
            autoComplete="email"
            readOnly={fixed('email')}
          />
        </fieldset>

        {props.shares.length > 1 ? (
          <fieldset className="form__group share-choice">
            <legend>{t('shareTitle')}</legend>
            <p className="hint">{t('shareHint')}</p>
            {capped && (
              <p className="hint share-choice__cap">
                {t('shareCapHint', { max: money(props.maxRecipientCents!) })}
              </p>
            )}
            {props.shares.map((share) => (
              <div className="field field--radio" key={share}>
                <input
                  id={`rec-anteil-${share}`}
                  type="radio"
                  value={String(share)}
                  {...register('anteil')}
                />
                <label htmlFor={`rec-anteil-${share}`}>
                  <span className="share-choice__title">{t(`share${share}`)}</span>
                  {shareDetail(share) && <span className="share-choice__detail">{shareDetail(share)}</span>}
                </label>
              </div>
            ))}
          </fieldset>
        ) : (
          <input type="hidden" value={String(props.shares[0] ?? 100)} {...register('anteil')} />
        )}

        {props.campaigns.length > 0 && (
          <fieldset className="form__group">
            <legend>{t('campaignsTitle')}</legend>
            {props.campaigns.map((campaign) => (
              <div key={campaign.AktionsId} className="campaign">
                <p className="campaign__title">
                  <strong>{campaign.Titel}</strong>
                </p>
                <p>{campaign.Text}</p>
                {withConsent.includes(campaign) && (
                  <div className="field field--check">
                    <input
                      id={`rec-aktion-${campaign.AktionsId}`}
                      type="checkbox"
                      name={`aktion-${campaign.AktionsId}`}
                    />
                    <label htmlFor={`rec-aktion-${campaign.AktionsId}`}>
                      {t('campaignConsent', { titel: campaign.Titel })}
                      <span className="hint campaign__legal">{campaign.RechtsText}</span>
                    </label>
                  </div>
                )}
              </div>
            ))}
          </fieldset>
        )}

        {acceptOnClick ? (
          <>
            <input type="hidden" name="terms" value="on" />
            <p className="hint">{t.rich('termsOnClick', legalLinks(props))}</p>
          </>
        ) : (
          <TermsCheckbox id="rec-terms" form={form} name="terms" label={t.rich('terms', legalLinks(props))} />
        )}
        <p className="hint">{t('eligibility')}</p>

        {state.captcha && (
          <CaptchaField challenge={state.captcha} reload={props.reloadCaptcha} tenant={props.tenant} />
        )}
        <SubmitRow pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
      </form>
      {state.error === 'EmpfehlungExistsAndOptInRequired' && (
        <ResendOptin
          action={resendFormAction}
          pending={resending}
          done={resendState.ok === true}
          error={resendState.error ? te(resendState.error) : undefined}
          tenant={props.tenant}
          email={getValues('email')}
        />
      )}
    </>
  )
}

/** Sends the opt-in mail again (GET /account/resendWelcomeMail), from within the form's error state. */
function ResendOptin(props: {
  action: (formData: FormData) => void
  pending: boolean
  done: boolean
  error?: string
  tenant: string
  email: string
}) {
  const t = useTranslations('Recommend')
  if (props.done)
    return (
      <p className="alert alert--success" role="status">
        {t('resent')}
      </p>
    )
  return (
    <form className="button-row" action={props.action}>
      <input type="hidden" name="tenant" value={props.tenant} />
      <input type="hidden" name="email" value={props.email} />
      <button type="submit" className="button button--secondary" disabled={props.pending}>
        {props.pending ? t('resending') : t('resend')}
      </button>
      {props.error && (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </form>
  )
}
