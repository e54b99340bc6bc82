import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { getPasswordValidator, validatePasswordResetToken } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { secretTokenSchema, type ValidateResetPasswordResponse } from '@/lib/contracts/account'
import type { ErrorCode } from '@/lib/shared/errors'
import { carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import type { Portal } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import type { FormAction } from '@/lib/portal/form-state'
import { ClientMessages } from '@/components/ui/client-messages'
import { sessionFor } from '@/lib/portal/session'
import { SetPasswordForm } from './set-password-form'

/**
 * The form behind a mailed password link (/passwortsetzen?token=, /registrieren?token=). The link is
 * checked first without using it, so an expired or used link says so before anything is typed.
 */
export async function SetPasswordScreen({
  portal,
  searchParams,
  registration,
  setPassword,
}: {
  portal: Portal
  searchParams: SearchParams
  registration: boolean
  /** Sets the password and logs in (app/[tenant]/passwortsetzen/actions.ts). */
  setPassword: FormAction
}) {
  const t = await getTranslations('SetPassword')
  const te = await getTranslations('Errors')
  const token = first(searchParams.token) ?? ''
  let link: ValidateResetPasswordResponse | null = null
  let problem: ErrorCode | 'missing' | null = null
  if (!secretTokenSchema.safeParse(token).success) problem = 'missing'
  else {
    try {
      link = await validatePasswordResetToken(apiContext(portal.ctx), token)
    } catch (error) {
      if (!(error instanceof MainApiError)) throw error
      problem = error.code
    }
  }
  // Opened again after it did its work (a second tap, the mail opened days later): with a login here the
  // referrer goes on to the personal area; without, the login is offered first, a new link second.
  const usedUp = problem === 'TokenBereitsVerwendet' || problem === 'Abgelaufen'
  if (usedUp && (await sessionFor(portal.ctx.tenant)))
    redirect(href(portal.ctx, 'Dashboard', undefined, carriedQuery(searchParams)))
  const isRegistration = link ? link.Zweck === 'Registrierung' : registration
  const forgotHref = href(portal.ctx, 'ForgotPassword', undefined, carriedQuery(searchParams))
  return (
    <>
      <h1>{isRegistration ? t('titleRegistration') : t('title')}</h1>
      {link ? (
        <>
          <p className="lead">
            {isRegistration
              ? t('introRegistration', { email: link.Email })
              : t('intro', { email: link.Email })}
          </p>
          <ClientMessages locale={portal.ctx.locale} namespaces={['SetPassword', 'Validation', 'Errors']}>
            <SetPasswordForm
              action={setPassword}
              tenant={segmentOf(portal.ctx)}
              token={token}
              widget={first(searchParams.widget)}
              passwordRule={await getPasswordValidator(apiContext(portal.ctx))}
            />
          </ClientMessages>
        </>
      ) : (
        <>
          <div className={`alert ${usedUp ? 'alert--info' : 'alert--error'}`} role="alert">
            {problem === 'missing' || problem === null ? t('missingLink') : te(problem)}
          </div>
          <div className="button-row">
            {usedUp && (
              <Link
                className="button"
                href={href(portal.ctx, 'Login', undefined, carriedQuery(searchParams))}
              >
                {t('toLogin')}
              </Link>
            )}
            <Link className={usedUp ? 'button button--secondary' : 'button'} href={forgotHref}>
              {t('requestNew')}
            </Link>
          </div>
        </>
      )}
    </>
  )
}
