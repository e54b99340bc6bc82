import 'server-only'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { getRecipientOrder, getStoredRecipient } from '@/lib/portal/main-api/recipients'
import type { Locale } from '@/lib/i18n/config'
import { storedRecipient } from '@/lib/portal/session'

/**
 * How far the friend in this browser got with this recommendation, from the recipient the portal
 * remembers: nothing yet ('new'), data saved and the mail on its way ('saved'), e-mail confirmed
 * ('confirmed'), terms accepted ('agreed'). `forget`: the remembered recipient no longer exists
 * (SPEC §7.9). `canConsent`: the recipient's own token (from the confirmation) still works.
 * A saved state's `email` is the address this browser saved the data with, and only such a browser
 * holds their marker, so it may ask for the mail again or correct the address; a browser that sent the
 * same data again has '' (it cannot know whether a mail went out: none does for data confirmed already,
 * or past the hourly limit).
 */
export type FriendState =
  | { stage: 'new'; forget: boolean }
  | { stage: 'saved'; email: string }
  | { stage: 'confirmed' | 'agreed'; empfaengernummer: string; canConsent: boolean }

export async function friendState(
  ctx: { tenant: string; locale: Locale },
  nummer: string,
): Promise<FriendState> {
  const remembered = await storedRecipient(ctx.tenant)
  if (!remembered) return { stage: 'new', forget: false }
  const api = apiContext(ctx)
  const check = remembered.hex ? await getStoredRecipient(api, remembered.hex) : null
  if (remembered.hex && !check) return { stage: 'new', forget: true }
  if (check && check.Empfehlungsnummer !== nummer) return { stage: 'new', forget: false }
  if (!check && remembered.nummer !== nummer) return { stage: 'new', forget: false }
  let order: Awaited<ReturnType<typeof getRecipientOrder>> | null = null
  if (remembered.token) {
    try {
      order = await getRecipientOrder(apiContext(ctx, { token: remembered.token }))
    } catch (error) {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    }
  }
  const confirmed = check?.Bestaetigt ?? order !== null
  if (!confirmed)
    return check || !remembered.token
      ? { stage: 'saved', email: check ? remembered.email : '' }
      : { stage: 'new', forget: false }
  const empfaengernummer =
    check?.Empfaengernummer ?? order?.Empfaengernummer ?? remembered.empfaengernummer ?? ''
  const agreed = check?.Zugestimmt ?? order?.Zugestimmt ?? false
  return { stage: agreed ? 'agreed' : 'confirmed', empfaengernummer, canConsent: order !== null }
}

/** The friend's step of 4 (components/recipient/friend-path) for a state. */
export function stepOf(state: FriendState): 1 | 2 | 3 | 4 {
  if (state.stage === 'new') return 1
  if (state.stage === 'saved') return 3
  return 4
}

/** The one way on from a state: the mail step, the consent (while the session works), the order. */
export function nextOf(
  state: FriendState,
  links: { data: string; consent: string; order: (empfaengernummer: string) => string },
): { href: string; kind: 'link' | 'external' } | undefined {
  if (state.stage === 'saved') return { href: links.data, kind: 'link' }
  if (state.stage === 'confirmed') return state.canConsent ? { href: links.consent, kind: 'link' } : undefined
  if (state.stage === 'agreed' && state.empfaengernummer)
    return { href: links.order(state.empfaengernummer), kind: 'external' }
  return undefined
}
