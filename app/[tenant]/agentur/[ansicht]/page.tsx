import Link from 'next/link'
import { notFound, redirect } from 'next/navigation'
import { applyAgencyTexts, getAgencyTranslations } from '@/lib/portal/agency-texts'
import { AgencyShell } from '@/components/agency/agency-shell'
import { AGENCY_SCREENS, hasScreen } from '@/components/agency/screens'
import { agencySessionFor } from '@/lib/portal/agency-session'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { AGENCY_VIEW_SLUGS, agencyViewOfSlug } from '@/lib/routes/agency-views'
import { newCaptchaAction } from '../../login/actions'
import type { SearchParams } from '@/lib/portal/agency-report-query'
import { BRAND_COLOURS } from '@/lib/shared/tenants/brand-colours'
import { href, segmentOf } from '@/lib/routes/href'
import {
  addAgentAction,
  addRewardPlanAction,
  addStaffMemberAction,
  agencyLogoutAction,
  deleteRewardPlanAction,
  releaseOrderAction,
  sendInvitationAction,
  setAgentActiveAction,
  setStaffActiveAction,
} from '../actions'

// Personal to the agency user: rendered per request, never cached.
export const dynamic = 'force-dynamic'
export const generateMetadata = routeMetadata('AgencyView', { personal: true })

type Props = {
  params: Promise<PortalParams & { ansicht: string }>
  searchParams: Promise<SearchParams>
}

export default async function AgencyViewPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const { ansicht } = await params
  const view = agencyViewOfSlug(ansicht)
  if (!view || !hasScreen(view)) notFound()
  const session = await agencySessionFor(portal.ctx.tenant)
  if (!session) redirect(href(portal.ctx, 'AgencyArea'))
  await applyAgencyTexts(portal.ctx, session.user.agentur.key)
  const t = await getAgencyTranslations('Agency')
  const allowed = session.user.views.includes(view)
  const tabs = session.user.views.filter(hasScreen)
  const home = tabs[0]
  let screen = null
  if (allowed) {
    try {
      screen = await AGENCY_SCREENS[view]!(apiContext(portal.ctx, session), {
        params: await searchParams,
        base: href(portal.ctx, 'AgencyView', { ansicht }),
        exportBase: `/api/agency-export/${encodeURIComponent(segmentOf(portal.ctx))}`,
        colours: BRAND_COLOURS[portal.config.Settings.BrandVariant] ?? BRAND_COLOURS.aurora,
        tenantSegment: segmentOf(portal.ctx),
        actions: {
          releaseOrder: releaseOrderAction,
          addRewardPlan: addRewardPlanAction,
          deleteRewardPlan: deleteRewardPlanAction,
          addStaffMember: addStaffMemberAction,
          setStaffActive: setStaffActiveAction,
          addAgent: addAgentAction,
          setAgentActive: setAgentActiveAction,
        },
        invite: sendInvitationAction,
        reloadCaptcha: newCaptchaAction,
        managementHref: `${href(portal.ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS.Verwaltung })}#einladungen`,
      })
    } catch (error) {
      // SPEC §7.9: a refused token ends the agency session (dropped by the status route).
      if (error instanceof MainApiError && error.code === 'PSOF0204') {
        redirect(`/api/agency-session/${encodeURIComponent(segmentOf(portal.ctx))}?weiter`)
      }
      throw error
    }
  }
  return (
    <AgencyShell
      ctx={portal.ctx}
      session={session}
      tabs={tabs}
      current={view}
      checkIntervalSeconds={portal.config.Settings.Limits.TokenCheckIntervalSeconds}
      logout={agencyLogoutAction}
    >
      {screen ?? (
        // A view of another role (an address typed or kept from before): named, refused, and the way back.
        <section aria-labelledby="agency-view-title">
          <h1 id="agency-view-title">{t(`views.${view}`)}</h1>
          <p className="alert alert--error" role="alert">
            {t('notAllowed')}
          </p>
          {home ? (
            <p>
              <Link
                className="button"
                href={href(portal.ctx, 'AgencyView', { ansicht: AGENCY_VIEW_SLUGS[home] })}
              >
                {t('toView', { view: t(`views.${home}`) })}
              </Link>
            </p>
          ) : null}
        </section>
      )}
    </AgencyShell>
  )
}
