import { CAMPAIGN_COOKIE_ENTRY, CHANNEL_COOKIE_ENTRY } from '@/lib/portal/consent/registry'
import { campaignValue as value } from '@/lib/shared/campaign-value'

/**
 * Campaign parameters of an address (SPEC §2.4): `channel` (or its short form `c`) names the channel,
 * `pk_campaign` or `mtm_campaign` (Matomo) the campaign. Values are single words (lib/shared/campaign-value.ts);
 * anything else is ignored.
 */
export type CampaignValues = { channel?: string; kampagne?: string }

/** SPEC §3: a channel cookie (730 days) and one other campaign cookie, both under marketing consent. */
export const CHANNEL_COOKIE = CHANNEL_COOKIE_ENTRY.name
export const CAMPAIGN_COOKIE = CAMPAIGN_COOKIE_ENTRY.name

export function campaignFromQuery(query: { get(name: string): string | null }): CampaignValues | null {
  const channel = value(query.get('channel')) ?? value(query.get('c'))
  const kampagne = value(query.get('pk_campaign')) ?? value(query.get('mtm_campaign'))
  if (!channel && !kampagne) return null
  return { ...(channel ? { channel } : {}), ...(kampagne ? { kampagne } : {}) }
}

/** The Channel a recommendation or recipient records: the channel, else the campaign. */
export function channelOf(values: CampaignValues | null | undefined): string | undefined {
  return values?.channel ?? values?.kampagne
}
