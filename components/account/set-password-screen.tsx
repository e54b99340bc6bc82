import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { validateResetPassword } from '@/lib/api/main-api'
import { MainApiError } from '@/lib/api/client'
import { secretTokenSchema, type ValidateResetPasswordResponse } from '@/lib/contracts/account'
import type { ErrorCode } from '@/lib/errors'
import { carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import type { Portal } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { setPasswordAction } from '@/app/[tenant]/passwortsetzen/actions'
import { ClientMessages } from '@/components/ui/client-messages'
import { SetPasswordForm } from './set-password-form'

/**
 * The form behind a mailed password link (/passwortsetzen?token=, /registrieren?token=). The link is
 * checked first without using it, so an expired or used link says so before anything is typed.
 */
export async function SetPasswordScreen({
  portal,
  searchParams,
  registration,
}: {
  portal: Portal
  searchParams: SearchParams
  registration: boolean
}) {
  const t = await getTranslations('SetPassword')
  const te = await getTranslations('Errors')
  const token = first(searchParams.token) ?? ''
  let link: ValidateResetPasswordResponse | null = null
  let problem: ErrorCode | 'missing' | null = null
  if (!secretTokenSchema.safeParse(token).success) problem = 'missing'
  else {
    try {
      link = await validateResetPassword(portal.ctx.tenant, token, portal.ctx.locale)
    } catch (error) {
      if (!(error instanceof MainApiError)) throw error
      problem = error.code
    }
  }
  const isRegistration = link ? link.Zweck === 'Registrierung' : registration
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
              action={setPasswordAction}
              tenant={segmentOf(portal.ctx)}
              token={token}
              widget={first(searchParams.widget)}
            />
          </ClientMessages>
        </>
      ) : (
        <>
          <div className="alert alert--error" role="alert">
            {problem === 'missing' || problem === null ? t('missingLink') : te(problem)}
          </div>
          <p>
            <Link
              className="button"
              href={href(portal.ctx, 'ForgotPassword', undefined, carriedQuery(searchParams))}
            >
              {t('requestNew')}
            </Link>
          </p>
        </>
      )}
    </>
  )
}
