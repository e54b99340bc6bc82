import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { ComponentProps } from 'react'
import type { Locale } from '@/lib/i18n/config'
import { ClientMessages } from '@/components/ui/client-messages'
import { ResendConfirmation } from './resend-confirmation'
import styles from './friend-path.module.css'

type Stage = 'saved' | 'confirmed' | 'agreed'

/**
 * Where a friend who came back stands, instead of asking for his data again: saved (confirm the mail),
 * confirmed (agree to the terms), or agreed (order). Each with the one way on; for one who confirmed
 * and whose session lapsed before the consent (confirmed without `next`), a new link by mail.
 */
export function FriendStatus({
  stage,
  email,
  produkt,
  mandant,
  next,
  resend,
}: {
  stage: Stage
  email?: string
  produkt: string
  mandant: string
  /** The way on: the data page (saved), the consent (confirmed, with a working session), the order. */
  next?: { href: string; kind: 'link' | 'external' }
  /** What the new-link form needs: the page's locale, its tenant segment and the action that mails. */
  resend: { locale: Locale; tenant: string; action: ComponentProps<typeof ResendConfirmation>['action'] }
}) {
  const t = useTranslations('Recipient')
  const title = stage === 'saved' ? t('statusSavedTitle') : t('statusConfirmedTitle')
  const text =
    stage === 'saved'
      ? email
        ? t('statusSavedText', { email })
        : t('alreadySaved')
      : stage === 'agreed'
        ? t('statusAgreedText', { produkt, mandant })
        : next
          ? t('statusConfirmedText')
          : t('statusConfirmedNoSession')
  const label =
    stage === 'saved' ? t('toMailStep') : stage === 'agreed' ? t('toOrder', { produkt }) : t('toConsent')
  return (
    <section className={`panel ${styles.status}`} aria-labelledby="friend-status">
      <h2 id="friend-status">{title}</h2>
      <p>{text}</p>
      {stage === 'confirmed' && !next && (
        <ClientMessages locale={resend.locale} namespaces={['Recipient', 'Errors']}>
          <ResendConfirmation action={resend.action} tenant={resend.tenant} newLink />
        </ClientMessages>
      )}
      {next && (
        <p>
          {next.kind === 'external' ? (
            // A plain link: the main API answers with a redirect to the provider's order page.
            <a className="button" href={next.href}>
              {label}
            </a>
          ) : (
            <Link className={stage === 'saved' ? 'button button--secondary' : 'button'} href={next.href}>
              {label}
            </Link>
          )}
        </p>
      )}
    </section>
  )
}
