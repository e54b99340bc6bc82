import 'server-only'
import { cookies } from 'next/headers'
import {
  CAMPAIGN_COOKIE,
  CHANNEL_COOKIE,
  campaignValue,
  channelOf,
  type CampaignValues,
} from '@/lib/campaign/campaign-params'
import { getSession } from '@/lib/session'

/** How long a visit's campaign counts for a recommendation or recipient made in the same session. */
const VISIT_HOURS = 24

/** Keeps the visit's campaign in the encrypted session (the essential cookie; no cookie of its own). */
export async function rememberCampaign(tenant: string, values: CampaignValues) {
  const session = await getSession()
  session.campaign = { tenant, ...values, at: Date.now() }
  await session.save()
}

/**
 * The channel a recommendation or recipient of this request records: the one in the form (from the
 * address), else the visit's campaign in the session, else the channel cookie (set only with
 * marketing consent).
 */
export async function visitChannel(tenant: string, fromForm?: string): Promise<string | undefined> {
  const given = campaignValue(fromForm)
  if (given) return given
  const session = await getSession()
  const kept = session.campaign
  if (kept?.tenant === tenant && Date.now() - kept.at < VISIT_HOURS * 3600_000) {
    const channel = channelOf(kept)
    if (channel) return channel
  }
  const jar = await cookies()
  return campaignValue(jar.get(CHANNEL_COOKIE)?.value) ?? campaignValue(jar.get(CAMPAIGN_COOKIE)?.value)
}
