import { z } from 'zod'
import {
  LIMITS,
  PAGE_VIEW_ID_PATTERN,
  SITE_ID_PATTERN,
  VISITOR_ID_PATTERN,
  type PageViewHit,
} from './page-view'

/** The largest body the tracking route reads: a page view is a few hundred bytes. */
export const MAX_HIT_BYTES = 8192

const webUrl = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'https:' || url.protocol === 'http:'
      } catch {
        return false
      }
    }, 'an http(s) URL')

const clock = (max: number) => z.number().int().min(0).max(max)

/** What the tracking route accepts from the browser: exactly a page view, nothing else (strict). */
export const pageViewHitSchema = z.strictObject({
  idsite: z.string().regex(SITE_ID_PATTERN),
  url: webUrl(LIMITS.url),
  action_name: z.string().max(LIMITS.actionName),
  urlref: webUrl(LIMITS.url).optional(),
  _id: z.string().regex(VISITOR_ID_PATTERN),
  pv_id: z.string().regex(PAGE_VIEW_ID_PATTERN),
  res: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional(),
  h: clock(23),
  m: clock(59),
  s: clock(59),
}) satisfies z.ZodType<PageViewHit>
