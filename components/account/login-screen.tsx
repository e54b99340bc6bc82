import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import type { Portal } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { parseRedirectTarget, returnHref } from '@/lib/routes/redirect-target'
import type { RouteName, RouteParams } from '@/lib/routes/table'
import { loginAction } from '@/app/[tenant]/login/actions'
import { ClientMessages } from '@/components/ui/client-messages'
import { LoginForm } from './login-form'

/** The login screen, shared by /login and /login/{adminLoginToken}. */
export async function LoginScreen(props: {
  portal: Portal
  searchParams: SearchParams
  route: RouteName
  params?: RouteParams
  admin?: boolean
}) {
  const { portal, searchParams } = props
  const session = await applyRouteRules(portal, props.route, props.params ?? {}, searchParams)
  const rawRedirect = first(searchParams.redirect)
  if (session) redirect(returnHref(portal.ctx, rawRedirect, carriedQuery(searchParams)))
  const target = parseRedirectTarget(rawRedirect)
  const t = await getTranslations('Login')
  const forced = portal.config.Settings.ModuleErzwingeLogin
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }]} />
      <h1>{t('title')}</h1>
      {props.admin && (
        <p className="alert alert--info" role="status">
          {t('adminNotice')}
        </p>
      )}
      {target && (
        <p className="alert alert--info" role="status">
          {t('redirectNotice')}
        </p>
      )}
      {forced && !target && <p className="alert alert--info">{t('forcedNotice')}</p>}
      <p className="lead">{t('intro')}</p>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Login', 'Validation', 'Errors']}>
        <LoginForm
          action={loginAction}
          tenant={segmentOf(portal.ctx)}
          redirect={target ? rawRedirect : undefined}
          widget={first(searchParams.widget)}
          forgotHref={href(portal.ctx, 'ForgotPassword', undefined, carriedQuery(searchParams))}
        />
      </ClientMessages>
      <p>{t('noAccount')}</p>
    </>
  )
}
