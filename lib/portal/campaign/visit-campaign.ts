import { useSyncExternalStore } from 'react'
import { channelOf, type CampaignValues } from './campaign-params'

/**
 * The campaign of this visit (SPEC §2.4: channel, c, pk_campaign, mtm_campaign of the address), held in
 * the page's memory only: nothing is written on the device or sent anywhere before the visitor acts
 * (TDDDG §25; the consent dialog files "which channel or campaign you came from" under Marketing).
 * Navigations inside the portal keep it; a reload or a new tab starts without it, unless the marketing
 * cookies (written only with that consent) name it. The recommendation and recipient forms send the
 * channel as a form field, so it is stored with what the visitor submits.
 */
let current: { tenant: string; values: CampaignValues } | null = null
const listeners = new Set<() => void>()

/** Keeps the campaign an address named (CampaignCapture); a later address with a campaign replaces it. */
export function rememberVisitCampaign(tenant: string, values: CampaignValues) {
  if (current?.tenant === tenant && JSON.stringify(current.values) === JSON.stringify(values)) return
  current = { tenant, values }
  for (const listener of listeners) listener()
}

/** The visit's campaign of this tenant, or null. */
export function visitCampaign(tenant: string): CampaignValues | null {
  return current?.tenant === tenant ? current.values : null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The channel a form of this tenant sends for the visit (the channel, else the campaign); server: none. */
export function useVisitChannel(tenant: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => channelOf(visitCampaign(tenant)),
    () => undefined,
  )
}

/** For tests: forget the visit's campaign. */
export function forgetVisitCampaign() {
  current = null
  for (const listener of listeners) listener()
}
