/**
 * A campaign value from an address (channel, entry source; SPEC §2.4): one word of letters, digits, _
 * and -, at most CAMPAIGN_VALUE_MAX characters. One rule for the main API's input schema
 * (lib/contracts/recipient.ts) and the browser, which reads it without a schema library.
 */
export const CAMPAIGN_VALUE = /^[\w-]*$/
export const CAMPAIGN_VALUE_MAX = 40

/** The value trimmed, as it may travel on; undefined for anything else or nothing. */
export function campaignValue(raw: string | null | undefined): string | undefined {
  const value = (raw ?? '').trim()
  return value && value.length <= CAMPAIGN_VALUE_MAX && CAMPAIGN_VALUE.test(value) ? value : undefined
}
