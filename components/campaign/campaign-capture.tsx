'use client'

import { useEffect } from 'react'
import { useSearchParams } from 'next/navigation'
import { CAMPAIGN_COOKIE, CHANNEL_COOKIE, campaignFromQuery } from '@/lib/portal/campaign/campaign-params'
import { rememberVisitCampaign, visitCampaign } from '@/lib/portal/campaign/visit-campaign'
import { isGiven, useConsent, writeCookie } from '@/lib/portal/consent'

/**
 * SPEC §2.4: campaign parameters (channel, c, pk_campaign, mtm_campaign) of the address join the visit.
 * Without marketing consent they stay in the page's memory only (lib/portal/campaign/visit-campaign.ts): no
 * cookie, no storage, no call; the recommendation and recipient forms send the channel with what the
 * visitor submits. The channel cookie (730 days) and the campaign cookie are written only with
 * marketing consent, also when it is given later in the visit.
 */
export function CampaignCapture({ tenant }: { tenant: string }) {
  const searchParams = useSearchParams()
  const consent = useConsent()
  const marketing = consent !== null && isGiven(consent.state, 'psoempf_ma')

  useEffect(() => {
    const values = campaignFromQuery(searchParams)
    if (values) rememberVisitCampaign(tenant, values)
  }, [searchParams, tenant])

  useEffect(() => {
    const values = visitCampaign(tenant)
    if (!marketing || !values) return
    if (values.channel) writeCookie(CHANNEL_COOKIE, values.channel)
    if (values.kampagne) writeCookie(CAMPAIGN_COOKIE, values.kampagne)
  }, [marketing, searchParams, tenant])

  return null
}
