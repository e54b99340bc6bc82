import 'server-only'
import { cookies } from 'next/headers'
import { CAMPAIGN_COOKIE, CHANNEL_COOKIE } from '@/lib/portal/campaign/campaign-params'
import { campaignValue } from '@/lib/shared/campaign-value'

/**
 * The channel a recommendation or recipient of this request records: the one the form sends (from the
 * address, or the campaign the visit came from, which the browser holds in memory only), else the
 * channel or campaign cookie (written only with marketing consent). Nothing about the campaign is
 * stored before the visitor submits the form (TDDDG §25).
 */
export async function visitChannel(fromForm?: string): Promise<string | undefined> {
  const given = campaignValue(fromForm)
  if (given) return given
  const jar = await cookies()
  return campaignValue(jar.get(CHANNEL_COOKIE)?.value) ?? campaignValue(jar.get(CAMPAIGN_COOKIE)?.value)
}
