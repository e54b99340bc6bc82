import 'server-only'
import {
  contentFlagsSchema,
  contentPageSchema,
  textOverridesSchema,
  type ContentPage,
  type PageKey,
} from '@/lib/shared/content/types'
import { contentBlocksSchema, faqSchema, footnotesSchema, keyVisualsSchema } from '@/lib/contracts/content'
import { mainApiLinkBase } from './client'
import type { ApiContext } from './context'
import { orNull, read } from './request'

/** The tenant's content (§7.8 content service, served through the main API). */

/** GET /content/seite/{key} (beside §7.8): a content page; null when the tenant's content has none. */
export function getContentPage(ctx: ApiContext, key: PageKey): Promise<ContentPage | null> {
  return orNull(read(ctx, { path: `/content/seite/${key}`, schema: contentPageSchema }))
}

/** GET /content/einstellungen (beside §7.8): which optional pages the content enables. */
export function getContentFlags(ctx: ApiContext) {
  return read(ctx, { path: '/content/einstellungen', schema: contentFlagsSchema })
}

/** GET /content/bloecke (beside §7.8): the content blocks of home and category pages. */
export function listContentBlocks(ctx: ApiContext) {
  return read(ctx, { path: '/content/bloecke', schema: contentBlocksSchema })
}

/** GET /content/keyvisuals (beside §7.8): the key visuals of home and category pages. */
export function listKeyVisuals(ctx: ApiContext) {
  return read(ctx, { path: '/content/keyvisuals', schema: keyVisualsSchema })
}

/** GET /content/faq (§7.8): the tenant's questions and answers. */
export function listFaqEntries(ctx: ApiContext) {
  return read(ctx, { path: '/content/faq', schema: faqSchema })
}

/** GET /content/fussnoten?q= (§7.8): the footnotes with these identifiers, in that order. */
export function listFootnotes(ctx: ApiContext, identifiers: readonly string[]) {
  const q = encodeURIComponent(identifiers.join(','))
  return read(ctx, { path: `/content/fussnoten?q=${q}`, schema: footnotesSchema })
}

/**
 * GET /content/getlanguagecontent/{lang} (§7.6): the tenant's own message texts of the context's
 * language; with an agency's key, its text variables (content/agenturvariables) substituted.
 */
export function getTextOverrides(ctx: ApiContext, agentur?: string) {
  const query = agentur ? `?agentur=${encodeURIComponent(agentur)}` : ''
  return read(ctx, { path: `/content/getlanguagecontent/${ctx.locale}${query}`, schema: textOverridesSchema })
}

/** /content/assets/{id} (§7.8, URL only): a content image for the browser, scaled where it can be. */
export function contentAssetHref(
  ctx: Pick<ApiContext, 'tenant'>,
  input: { id: string; width?: number; height?: number },
) {
  const query = new URLSearchParams()
  if (input.width) query.set('width', String(input.width))
  if (input.height) query.set('height', String(input.height))
  const suffix = query.size ? `?${query}` : ''
  return `${mainApiLinkBase()}/${encodeURIComponent(ctx.tenant)}/content/assets/${encodeURIComponent(input.id)}${suffix}`
}
