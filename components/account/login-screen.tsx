import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import type { Portal } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { parseRedirectTarget, returnHref } from '@/lib/routes/redirect-target'
import type { RouteName, RouteParams } from '@/lib/routes/table'
import type { CaptchaReload, FormAction } from '@/lib/portal/form-state'
import { ClientMessages } from '@/components/ui/client-messages'
import { LoginForm } from './login-form'
import { TokenLoginForm } from './token-login-form'
import { EmailRequestForm } from './email-request-form'
import { USED_LINK_STATES } from '@/lib/portal/used-link'
import { ProgrammeBenefit, ProgrammeSteps } from './programme-gate'

/**
 * The login screen, shared by /login and /login/{adminLoginToken}. A `token` (the one-time link of a
 * mail) or an admin token is used at once; `link` asks for a login link by mail (after a mailed link that
 * no longer works, lib/portal/used-link.ts, or on request); otherwise e-mail and password.
 */
export async function LoginScreen(props: {
  portal: Portal
  searchParams: SearchParams
  route: RouteName
  params?: RouteParams
  adminToken?: string
  /** The login actions (app/[tenant]/login/actions.ts). */
  actions: { login: FormAction; tokenLogin: FormAction; newCaptcha: CaptchaReload; loginLink: FormAction }
}) {
  const { portal, searchParams } = props
  const rawRedirect = first(searchParams.redirect)
  const target = parseRedirectTarget(rawRedirect)
  const linkToken = first(searchParams.token)
  const tokenLogin = props.adminToken ?? linkToken
  const session = await applyRouteRules(portal, props.route, props.params ?? {}, searchParams)
  // A link or admin token always logs in (it may be for another account); otherwise a login is done.
  if (session && !tokenLogin) redirect(returnHref(portal.ctx, rawRedirect, carriedQuery(searchParams)))
  const t = await getTranslations('Login')
  const forced = portal.config.Settings.ModuleErzwingeLogin
  const tenant = segmentOf(portal.ctx)
  const widget = first(searchParams.widget)
  const carried = carriedQuery(searchParams)

  if (tokenLogin) {
    const admin = props.adminToken !== undefined
    return (
      <>
        <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }]} />
        <h1>{admin ? t('title') : t('linkTitle')}</h1>
        <p className="alert alert--info" role="status">
          {admin ? t('adminNotice') : t('linkIntro')}
        </p>
        <ClientMessages locale={portal.ctx.locale} namespaces={['Errors']}>
          <TokenLoginForm
            action={props.actions.tokenLogin}
            fields={{
              tenant,
              token: tokenLogin,
              kind: admin ? 'admin' : 'link',
              redirect: target ? rawRedirect : undefined,
              widget,
            }}
            label={admin ? t('adminSubmit') : t('linkSubmit')}
            pendingLabel={t('tokenSubmitting')}
          />
        </ClientMessages>
        <p className="link-row">
          <Link href={href(portal.ctx, 'Login', undefined, carried)}>{t('title')}</Link>
          {' · '}
          <Link href={href(portal.ctx, 'ForgotPassword', undefined, carried)}>{t('forgotPassword')}</Link>
        </p>
      </>
    )
  }

  const linkState = USED_LINK_STATES.find((state) => state === first(searchParams.link))
  if (linkState) {
    const notice = {
      anfordern: null,
      verwendet: { text: t('linkUsed'), tone: 'info' },
      bestaetigt: { text: t('participationConfirmed'), tone: 'success' },
      abgelaufen: { text: t('linkExpired'), tone: 'info' },
    }[linkState]
    return (
      <>
        <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }]} />
        <h1>{t('linkTitle')}</h1>
        {notice && (
          <p className={`alert alert--${notice.tone}`} role="status">
            {notice.text}
          </p>
        )}
        {!notice && <p className="lead">{t('linkRequestIntro')}</p>}
        <ClientMessages locale={portal.ctx.locale} namespaces={['Validation', 'Errors']}>
          <EmailRequestForm
            action={props.actions.loginLink}
            tenant={tenant}
            redirect={target ? rawRedirect : undefined}
            idPrefix="login-link"
            labels={{
              email: t('email'),
              submit: t('linkRequestSubmit'),
              submitting: t('linkRequestSubmitting'),
              sent: t('linkRequestSent'),
            }}
          />
        </ClientMessages>
        <p className="link-row">
          <Link href={href(portal.ctx, 'Login', undefined, carried)}>{t('withPassword')}</Link>
          {' · '}
          <Link href={href(portal.ctx, 'ForgotPassword', undefined, carried)}>{t('forgotPassword')}</Link>
        </p>
      </>
    )
  }

  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }]} />
      <h1>{t('title')}</h1>
      {first(searchParams.konto) === 'geloescht' && (
        <p className="alert alert--success" role="status">
          {t('accountDeleted')}
        </p>
      )}
      {target && (
        <p className="alert alert--info" role="status">
          {t('redirectNotice')}
        </p>
      )}
      {forced && !target && <p className="alert alert--info">{t('forcedNotice')}</p>}
      {forced && <ProgrammeBenefit portal={portal} />}
      <p className="lead">{t('intro')}</p>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Login', 'Validation', 'Errors', 'Captcha']}>
        <LoginForm
          action={props.actions.login}
          reloadCaptcha={props.actions.newCaptcha}
          tenant={tenant}
          redirect={target ? rawRedirect : undefined}
          widget={widget}
          forgotHref={href(portal.ctx, 'ForgotPassword', undefined, carried)}
        />
      </ClientMessages>
      <p>
        <Link
          href={href(portal.ctx, 'Login', undefined, {
            ...carried,
            link: 'anfordern',
            ...(target ? { redirect: rawRedirect } : {}),
          })}
        >
          {t('linkRequestOffer')}
        </Link>
      </p>
      {forced ? (
        // A closed programme: nobody is registered by a recommendation, which itself needs a login.
        <ProgrammeSteps portal={portal} registerHref={href(portal.ctx, 'Registration', undefined, carried)} />
      ) : (
        <p>
          {t('noAccount')}{' '}
          <Link href={href(portal.ctx, 'Registration', undefined, carried)}>{t('register')}</Link>
        </p>
      )}
    </>
  )
}
