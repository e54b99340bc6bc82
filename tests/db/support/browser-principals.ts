import { type Tenant } from './accounts'
import { readFileSync } from 'node:fs'
import { ENDED, SHARED_NAMES, sessionCookie } from './principals'
import { cast, METHODS, type Method } from './authorization-fixtures'

/** The browser principals: none, A's live session, the four ended ones, another tenant's session. */
export const BROWSERS = ['anonymous', 'referrer', ...ENDED, 'otherTenant'] as const
export type Browser = (typeof BROWSERS)[number]

export const isEnded = (browser: Browser) => (ENDED as readonly string[]).includes(browser)

export async function cookiesOf(tenant: Tenant): Promise<Record<Browser, string | undefined>> {
  const live = (t: Tenant) =>
    t === 'demo'
      ? sessionCookie('demo', cast.a.token, { ...SHARED_NAMES, email: cast.a.email })
      : sessionCookie(t, cast.other.token, { ...SHARED_NAMES, email: cast.other.email })
  const other: Tenant = tenant === 'demo' ? 'demo-closed' : 'demo'
  const ended = Object.fromEntries(
    await Promise.all(
      ENDED.map(async (how) => [
        how,
        await sessionCookie('demo', cast.ended[how].token, cast.ended[how].user),
      ]),
    ),
  ) as Record<(typeof ENDED)[number], string>
  return {
    anonymous: undefined,
    referrer: await live(tenant),
    // The ended sessions are demo referrers: on another tenant they are just another tenant's login.
    ...(tenant === 'demo'
      ? ended
      : { loggedOut: undefined, passwordChanged: undefined, locked: undefined, deleted: undefined }),
    otherTenant: await live(other),
  }
}

export function exportedMethods(file: string): Method[] {
  const source = readFileSync(file, 'utf8')
  return METHODS.filter((m) =>
    new RegExp(`export\\s+(async\\s+)?function\\s+${m}\\b|export\\s+const\\s+\\{[^}]*\\b${m}\\b`).test(
      source,
    ),
  )
}
