'use client'

import { useSession } from '@/components/layout/use-session'
import { RecommendForm, type RecommendFormProps } from './recommend-form'

type Props = Omit<RecommendFormProps, 'account' | 'invited'> & {
  /** The session resource of the tenant (lib/routes/href.ts sessionUrlOf). */
  sessionUrl: string
}

/**
 * The recommend form on a page that is the same for every visitor (kept for a few seconds at the edge):
 * the browser asks the session resource, which the header reads as well, for what is this visitor's own,
 * a logged-in referrer's name and e-mail or an agency invitation's details, and the form fills them in.
 * Without JavaScript the fields stay open; the server action takes a logged-in referrer's details from
 * the account either way.
 */
export function SessionRecommendForm({ sessionUrl, ...props }: Props) {
  const { data } = useSession(sessionUrl)
  const account =
    data?.loggedIn === true
      ? { vorname: data.vorname ?? '', nachname: data.nachname ?? '', email: data.email ?? '' }
      : null
  const invited = data?.loggedIn === false ? (data.invited ?? null) : null
  return <RecommendForm {...props} account={account} invited={invited} />
}
