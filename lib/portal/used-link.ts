import 'server-only'
import { MainApiError } from '@/lib/portal/main-api/client'
import { sessionFor } from '@/lib/portal/session'
import { href, type PortalContext } from '@/lib/routes/href'
import { returnHref } from '@/lib/routes/redirect-target'

/** The states of the login screen that follow a one-time link that no longer works (`?link=`). */
export const USED_LINK_STATES = ['anfordern', 'verwendet', 'bestaetigt', 'abgelaufen'] as const
export type UsedLinkState = (typeof USED_LINK_STATES)[number]

/**
 * Where a mailed one-time link (login link, participation confirmation) leads when it was used before or
 * has expired — a second tap, a slow load, a mail opened again days later — instead of an error that
 * asks for a password the new referrer never set. With a login in this browser: on to where the link
 * was meant to lead. Without: the login screen offering a new login link by mail. Null for any other
 * error, which the form shows as before.
 */
export async function usedLinkTarget(
  ctx: PortalContext,
  error: unknown,
  link: 'login' | 'participation',
  carried: { redirect?: string; widget?: string },
): Promise<string | null> {
  if (!(error instanceof MainApiError)) return null
  if (error.code !== 'TokenBereitsVerwendet' && error.code !== 'Abgelaufen') return null
  if (await sessionFor(ctx.tenant)) {
    return link === 'login'
      ? returnHref(ctx, carried.redirect, { widget: carried.widget })
      : href(ctx, 'Dashboard', undefined, { widget: carried.widget })
  }
  const state: UsedLinkState =
    error.code === 'Abgelaufen' ? 'abgelaufen' : link === 'participation' ? 'bestaetigt' : 'verwendet'
  return href(ctx, 'Login', undefined, { link: state, widget: carried.widget })
}
