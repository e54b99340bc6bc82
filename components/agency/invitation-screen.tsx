import Link from 'next/link'
import { getInvitationTool } from '@/lib/portal/main-api/invitations'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { ClientMessages } from '@/components/ui/client-messages'
import type { Locale } from '@/lib/i18n/config'
import type { ScreenPlace } from './report-screens'
import { invitationFormTexts } from '@/lib/portal/invitation-form'
import { InvitationForm } from './invitation-form'
import styles from './agency.module.css'

/**
 * Einladungstool (owner and employee, SPEC §6): invites a customer after a conversation (PUT Einladung).
 * An employee sends for their own number only; without one the screen says who can give it.
 */
export async function InvitationScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const tool = await getInvitationTool(api)
  const t = await getAgencyTranslations('Agency.invitation')
  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {tool.Mitarbeiter.length === 0 ? (
        <p className="alert alert--info" role="status">
          {t('noNumber')}
        </p>
      ) : (
        <ClientMessages locale={api.locale as Locale} namespaces={['Errors', 'Captcha', 'Validation']}>
          <InvitationForm
            action={place.invite}
            reloadCaptcha={place.reloadCaptcha}
            tenant={place.tenantSegment}
            tool={tool}
            texts={invitationFormTexts((key) => t.raw(key))}
          />
        </ClientMessages>
      )}
      <p>
        <Link href={place.managementHref} className={styles.moreLink}>
          {t('toList')}
        </Link>
      </p>
    </section>
  )
}
