'use client'

import { useEffect, useRef, useState } from 'react'
import { useRouter, useSearchParams } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { useSWRConfig } from 'swr'
import { useAccount } from '@/components/layout/use-session'
import { PendingButton } from '@/components/ui/pending-button'
import { ANREDEN } from '@/lib/contracts/form-rules'
import { formatDate } from '@/lib/i18n/dates'
import { PortalFields } from './portal-fields'

/**
 * The parts of MeineDaten that are the logged-in referrer's own, read in the browser from the session
 * resource (app/api/session/[tenant]/route.ts: the account as the main API has it now), so the page
 * around them is the same for every referrer and can be kept at the edge. A login that ended meanwhile
 * leads to login (MyDataAccount).
 */

/** The query notices the page's actions come back with (newsletter, language, an error). */
const ACTION_NOTICES = ['newsletter', 'sprache', 'fehler']

/**
 * Reads the session again, past SWR's deduplication, when the page shows an action's notice: the
 * account changed just now, and the answer read a moment ago (or on the page before) is old. One reader
 * does it for all of them.
 */
function useFreshAfterAction(sessionUrl: string) {
  const { mutate } = useSWRConfig()
  const searchParams = useSearchParams()
  const query = ACTION_NOTICES.some((name) => searchParams.has(name)) ? searchParams.toString() : null
  const readFor = useRef<string | null>(null)
  useEffect(() => {
    if (query === null || readFor.current === query) return
    readFor.current = query
    void mutate((key) => Array.isArray(key) && key[0] === sessionUrl)
  }, [mutate, query, sessionUrl])
}

/** Anrede, name and e-mail of the account. */
export function MyDataAccount({
  sessionUrl,
  anreden,
  loginHref,
}: {
  sessionUrl: string
  /** The forms of address as the registration names them. */
  anreden: Record<(typeof ANREDEN)[number], string>
  /** Login, coming back here: where a session that ended meanwhile leads. */
  loginHref: string
}) {
  const t = useTranslations('MyData')
  const { account, ended } = useAccount(sessionUrl)
  useFreshAfterAction(sessionUrl)
  const router = useRouter()
  useEffect(() => {
    if (ended) router.replace(loginHref)
  }, [ended, loginHref, router])
  const anrede = ANREDEN.find((a) => a === account?.anrede)
  return (
    <dl className="data-list" aria-busy={account === null}>
      {anrede && (
        <>
          <dt>{t('anrede')}</dt>
          <dd>{anreden[anrede]}</dd>
        </>
      )}
      <dt>{t('name')}</dt>
      <dd>{account ? `${account.vorname} ${account.nachname}` : '…'}</dd>
      <dt>{t('email')}</dt>
      <dd>{account ? account.email : '…'}</dd>
    </dl>
  )
}

/** The newsletter's state (subscribed, confirmation mail sent on a date, not subscribed) and its forms. */
export function MyDataNewsletter({
  sessionUrl,
  tenant,
  widget,
  subscribe,
  unsubscribe,
  justRequested = false,
}: {
  sessionUrl: string
  tenant: string
  widget?: string
  subscribe: (formData: FormData) => Promise<void>
  unsubscribe: (formData: FormData) => Promise<void>
  /** The page says already that the confirmation mail just went out: the pending state is not said twice. */
  justRequested?: boolean
}) {
  const t = useTranslations('MyData')
  const tn = useTranslations('Newsletter')
  const format = useFormatter()
  const { account } = useAccount(sessionUrl)
  if (!account) return <p aria-busy="true">…</p>
  const status = account.newsletter ? 'optedIn' : account.newsletterRequestedAt ? 'pending' : 'optedOut'
  return (
    <>
      {!(status === 'pending' && justRequested) && (
        <p>
          {status === 'optedIn' && t('statusOptedIn')}
          {status === 'pending' &&
            t('statusPending', { datum: formatDate(format, new Date(account.newsletterRequestedAt!)) })}
          {status === 'optedOut' && t('statusOptedOut')}
        </p>
      )}
      {/* The consent goes with the subscription; once asked for, the button sends the mail again. */}
      {status === 'optedOut' && <p className="consent-text">{tn('consentText')}</p>}
      <div className="button-row">
        {status !== 'optedIn' && (
          <form action={subscribe}>
            <PortalFields tenant={tenant} widget={widget} />
            <PendingButton
              label={status === 'pending' ? t('subscribeAgain') : t('subscribe')}
              pendingLabel={status === 'pending' ? t('subscribeAgain') : t('subscribe')}
            />
          </form>
        )}
        {status !== 'optedOut' && (
          <form action={unsubscribe}>
            <PortalFields tenant={tenant} widget={widget} />
            <PendingButton label={t('unsubscribe')} pendingLabel={t('unsubscribe')} variant="secondary" />
          </form>
        )}
      </div>
    </>
  )
}

/** The language choice, starting at the account's language. */
export function MyDataLanguage({
  sessionUrl,
  languages,
  labels,
}: {
  sessionUrl: string
  languages: readonly string[]
  labels: Record<string, string>
}) {
  const t = useTranslations('MyData')
  const { account } = useAccount(sessionUrl)
  const current = account?.language && languages.includes(account.language) ? account.language : undefined
  // The visitor's choice, once made, stays whatever the account's answer says when it comes later.
  const [chosen, setChosen] = useState<string | null>(null)
  return (
    <div className="field">
      <label htmlFor="language">{t('languageTitle')}</label>
      <select
        id="language"
        name="language"
        value={chosen ?? current ?? languages[0]}
        onChange={(event) => setChosen(event.target.value)}
      >
        {languages.map((locale) => (
          <option key={locale} value={locale}>
            {labels[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
