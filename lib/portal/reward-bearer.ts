import { z } from 'zod'

/** The reward link's own token as it arrives in the mail's link (?token=…). */
export const rewardLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)

/** The token of the link, or undefined when there is none or it is malformed. */
export function rewardLinkToken(value: string | undefined): string | undefined {
  const parsed = rewardLinkTokenSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}
