'use client'

import { useEffect } from 'react'
import { useSearchParams } from 'next/navigation'
import { campaignFromQuery } from '@/lib/campaign/campaign-params'

/** The campaign already reported in this page's life (navigations keep it; a reload asks again). */
let reported: string | null = null

/**
 * SPEC §2.4: campaign parameters (channel, c, pk_campaign, mtm_campaign) of the address join the visit.
 * Pages are cached and the same for everyone, so the browser reports them: the portal keeps them in the
 * essential session for a recommendation or recipient made in this visit; nothing is written on the
 * device here (the channel cookies follow only with marketing consent, see CampaignCookies).
 */
export function CampaignCapture({ tenant }: { tenant: string }) {
  const searchParams = useSearchParams()
  useEffect(() => {
    const values = campaignFromQuery(searchParams)
    if (!values) return
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
  return null
}
