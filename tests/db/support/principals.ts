import { sealData } from 'iron-session'
import type { User } from '@/lib/contracts/account'
import { call, uniqueClientIp } from './http'
import { MAIL_SUBJECTS, operatorCall, registerAccount, type RegisteredAccount, type Tenant } from './accounts'
import { linkFrom, waitForMail } from './mailbox'
import { sharedRecommendation, type Shared } from './recommendations'
import { confirmedFriend, readyRewardOf, type Friend } from './rewards'
import { TEST_OPERATOR_API_KEY, TEST_SESSION_SECRET } from './test-server'

/**
 * Everyone who can knock at the main API and the portal, as the authorization matrix
 * (tests/db/api/authorization-matrix.test.ts) calls them: each principal is a bearer for the main API
 * (or none) and, where it is a referrer's session, a session cookie for the portal.
 */

export const PRINCIPALS = [
  'anonymous',
  'referrer',
  'loggedOut',
  'passwordChanged',
  'locked',
  'deleted',
  'otherTenant',
  'recipient',
  'rewardLink',
  'operator',
  'provider',
] as const

export type Principal = (typeof PRINCIPALS)[number]

/** Referrer sessions that ended in one of the four ways the README names (issue 15, item 1). */
export const ENDED = ['loggedOut', 'passwordChanged', 'locked', 'deleted'] as const
export type Ended = (typeof ENDED)[number]

/** The world the matrix needs: principals, their bearers, and real objects some calls are about. */
export type Cast = {
  /** Referrer A of tenant demo: a confirmed recommendation with a confirmed, consenting friend. */
  a: Shared
  friend: Friend
  /** A's reward from the friend's completed order, ready to pick, and its reward link's token. */
  rewardId: string
  rewardLinkToken: string
  /** A live referrer of demo-closed, with a confirmed recommendation there. */
  other: Shared
  /** A provider key of demo (revoked by `release`). */
  providerKey: string
  /** Bearers of the ended sessions (demo referrers of their own). */
  ended: Record<Ended, { token: string; user: User }>
  /** The bearer a principal sends (undefined: none). */
  bearer: Record<Principal, string | undefined>
  release: () => Promise<void>
}

const RECIPIENT_AGB = 'Ich stimme den Teilnahmebedingungen und der Datenschutzerklärung zu.'
const NEW_PASSWORD = 'Matrix-Neu-2026'
/** A product of demo-closed's catalogue (Fjordnet: Glasfaser 100). */
export const OTHER_TENANT_PRODUCT = 5101
/** The names sharedRecommendation gives its referrers. */
export const SHARED_NAMES = { vorname: 'Jana', nachname: 'Landung' }

/** Ends a referrer's session in one of the four ways (the account stays, except after deletion). */
export async function endSession(how: Ended, account: RegisteredAccount, token: string): Promise<void> {
  const tenant = account.tenant
  let answer
  if (how === 'loggedOut') {
    answer = await call(`/api/v1/${tenant}/account/logout`, { method: 'POST', token })
  } else if (how === 'deleted') {
    answer = await call(`/api/v1/${tenant}/empfehler/delete`, { method: 'DELETE', token })
  } else if (how === 'locked') {
    answer = await operatorCall(tenant, 'kontosperre', {
      Email: account.email,
      Gesperrt: true,
      Bearbeiter: 'Jest',
    })
  } else {
    const before = new Date()
    const asked = await call(`/api/v1/${tenant}/account/resetPassword/${encodeURIComponent(account.email)}`)
    if (asked.status !== 200) throw new Error(`password reset not asked: ${asked.status}`)
    const mail = await waitForMail(tenant, account.email, {
      subject: MAIL_SUBJECTS.resetPassword,
      after: before,
    })
    answer = await call(`/api/v1/${tenant}/account/resetPassword`, {
      method: 'PUT',
      body: { Token: linkFrom(mail, `/${tenant}/passwortsetzen`), Password: NEW_PASSWORD },
    })
  }
  if (answer.status !== 200) throw new Error(`ending the session (${how}) answered ${answer.status}`)
  const check = await call(`/api/v1/${tenant}/account/user`, { token })
  if (check.status !== 401) throw new Error(`the session (${how}) still stands: ${check.status}`)
}

/**
 * Makes every principal through the API alone (so it works on PGlite and a shared PostgreSQL, with
 * accounts of the run's own). The accounts are deleted by releaseRegisteredAccounts; `release` revokes
 * the provider key.
 */
export async function castPrincipals(): Promise<Cast> {
  const endedAccounts = async (how: Ended) => {
    const account = await registerAccount('demo', { label: `matrix-${how}` })
    return [how, account] as const
  }
  const [aWorld, other, providerKey, ...endings] = await Promise.all([
    (async () => {
      const a = await sharedRecommendation('matrix-a', { anteil: 100 })
      const friend = await confirmedFriend(a)
      const consent = await call('/api/v1/demo/empfaenger/zustimmung', {
        method: 'PUT',
        token: friend.token,
        headers: uniqueClientIp(),
        body: { AgbText: RECIPIENT_AGB },
      })
      if (consent.status !== 200) throw new Error(`recipient consent answered ${consent.status}`)
      const reward = await readyRewardOf(a, friend)
      return { a, friend, reward }
    })(),
    sharedRecommendation('matrix-other', { tenant: 'demo-closed', produkt: OTHER_TENANT_PRODUCT }),
    (async () => {
      const created = await call('/api/v1/demo/operator/anbieterschluessel', {
        method: 'POST',
        token: TEST_OPERATOR_API_KEY,
        body: { Bezeichnung: 'Jest-Matrix' },
      })
      if (created.status !== 200) throw new Error(`provider key answered ${created.status}`)
      return created.json as { Id: string; Schluessel: string }
    })(),
    ...ENDED.map(endedAccounts),
  ])
  const ended = {} as Cast['ended']
  await Promise.all(
    endings.map(async ([how, account]) => {
      await endSession(how, account, account.user.token)
      ended[how] = { token: account.user.token, user: account.user }
    }),
  )
  const { a, friend, reward } = aWorld
  return {
    a,
    friend,
    rewardId: reward.id,
    rewardLinkToken: reward.token,
    other,
    providerKey: providerKey.Schluessel,
    ended,
    bearer: {
      anonymous: undefined,
      referrer: a.token,
      loggedOut: ended.loggedOut.token,
      passwordChanged: ended.passwordChanged.token,
      locked: ended.locked.token,
      deleted: ended.deleted.token,
      otherTenant: other.token,
      recipient: friend.token,
      rewardLink: reward.token,
      operator: TEST_OPERATOR_API_KEY,
      provider: providerKey.Schluessel,
    },
    release: async () => {
      await call(`/api/v1/demo/operator/anbieterschluessel/${providerKey.Id}`, {
        method: 'DELETE',
        token: TEST_OPERATOR_API_KEY,
      })
    },
  }
}

/** The portal's session cookie (lib/portal/session.ts) holding a token the API issued, sealed with the server's key. */
export async function sessionCookie(
  tenant: Tenant,
  token: string,
  user: Pick<User, 'vorname' | 'nachname' | 'email'>,
  expiresAt = Date.now() + 60 * 60 * 1000,
): Promise<string> {
  const seal = await sealData(
    {
      tenant,
      token,
      user: {
        vorname: user.vorname,
        nachname: user.nachname,
        email: user.email,
        language: 'de',
        admin: false,
      },
      expiresAt,
    },
    { password: TEST_SESSION_SECRET, ttl: 8 * 60 * 60 },
  )
  return `psoe_token=${seal}`
}
