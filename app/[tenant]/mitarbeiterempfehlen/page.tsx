import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ClientMessages } from '@/components/ui/client-messages'
import { InvitationForm } from '@/components/agency/invitation-form'
import { invitationFormTexts } from '@/lib/portal/invitation-form'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { segmentOf } from '@/lib/routes/href'
import { newCaptchaAction } from '../login/actions'
import { sendEmployeeInvitationAction } from './actions'

// A form with the captcha step: rendered per request.
export const dynamic = 'force-dynamic'
export const generateMetadata = routeMetadata('RecommendEmployee')

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/**
 * MitarbeiterEmpfehlen (SPEC §2.2, under ModuleCompanyRecommendation): after a conversation on site or
 * by phone, an employee of one of the programme's agencies invites the customer with their employee
 * number; the customer gets the invitation mail. Without the module the page does not exist.
 */
export default async function RecommendEmployeePage({ params, searchParams }: Props) {
  const { portal } = await openScreen({ params, searchParams }, 'RecommendEmployee')
  const t = await getTranslations('RecommendEmployee')
  const form = await getTranslations('Agency.invitation')
  const texts = { ...invitationFormTexts((key) => form.raw(key)), formTitle: t('formTitle') }
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'RecommendEmployee' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead', { programm: portal.config.Settings.ProgrammName })}</p>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Errors', 'Captcha', 'Validation']}>
        <InvitationForm
          action={sendEmployeeInvitationAction}
          reloadCaptcha={newCaptchaAction}
          tenant={segmentOf(portal.ctx)}
          tool={null}
          texts={texts}
        />
      </ClientMessages>
    </>
  )
}
