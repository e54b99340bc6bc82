'use client'

import { useEffect } from 'react'
import { useSearchParams } from 'next/navigation'
import {
  CAMPAIGN_COOKIE,
  CHANNEL_COOKIE,
  campaignFromQuery,
  type CampaignValues,
} from '@/lib/campaign/campaign-params'
import { isGiven, useConsent, writeCookie } from '@/lib/consent'

/** The campaign already reported in this page's life (navigations keep it; a reload asks again). */
let reported: string | null = null
/** The campaign of this visit as the address named it, for the cookies once marketing consent is given. */
let remembered: CampaignValues | null = null

/**
 * SPEC §2.4: campaign parameters (channel, c, pk_campaign, mtm_campaign) of the address join the visit.
 * Pages are cached and the same for everyone, so the browser reports them: the portal keeps them in the
 * essential session for a recommendation or recipient made in this visit. The channel cookie (730 days)
 * and the campaign cookie are written only with marketing consent, also when it is given later in the
 * visit; without it nothing is written on the device.
 */
export function CampaignCapture({ tenant }: { tenant: string }) {
  const searchParams = useSearchParams()
  const consent = useConsent()
  const marketing = consent !== null && isGiven(consent.state, 'psoempf_ma')

  useEffect(() => {
    const values = campaignFromQuery(searchParams)
    if (!values) return
    remembered = values
    const body = JSON.stringify(values)
    if (reported === `${tenant}:${body}`) return
    reported = `${tenant}:${body}`
    void fetch(`/api/campaign/${encodeURIComponent(tenant)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
      body,
    }).catch(() => {
      // Attribution is a courtesy: a failed report never disturbs the visitor.
      reported = null
    })
  }, [searchParams, tenant])

  useEffect(() => {
    if (!marketing || !remembered) return
    if (remembered.channel) writeCookie(CHANNEL_COOKIE, remembered.channel)
    if (remembered.kampagne) writeCookie(CAMPAIGN_COOKIE, remembered.kampagne)
  }, [marketing, searchParams])

  return null
}
