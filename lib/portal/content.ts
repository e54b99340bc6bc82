import 'server-only'
import { unstable_cache } from 'next/cache'
import {
  getContentFlags,
  getContentPage,
  getTextOverrides,
  listContentBlocks,
  listFaqEntries,
  listFootnotes,
  listKeyVisuals,
} from '@/lib/portal/main-api/content'
import type { ApiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { contentTag, tenantTag } from '@/lib/portal/cache-tags'
import type { PageKey, TextOverrides } from '@/lib/shared/content/types'
import { log } from '@/lib/shared/log'

/**
 * The tenant's content for the screens, kept per tenant and locale (tags tenant:<slug> and
 * content:<slug>; the publish webhook renews the latter). A cached copy is served at once, also while
 * a fresh one is fetched, so a page never waits on the content service when it has one.
 *
 * Without any copy and without an answer the result is `unavailable`: the page still renders and says
 * 'Inhalt nicht verfügbar' where the content would be (SPEC §8); the failure is logged.
 */
export type Loaded<T> = { unavailable: false; value: T } | { unavailable: true }

const REVALIDATE_SECONDS = 300

function cached<A extends unknown[], T>(kind: string, load: (ctx: ApiContext, ...args: A) => Promise<T>) {
  return async ({ tenant, locale }: ApiContext, ...args: A): Promise<Loaded<T>> => {
    try {
      const value = await unstable_cache(
        () => load({ tenant, locale }, ...args),
        ['content', kind, tenant, locale, JSON.stringify(args)],
        {
          tags: [tenantTag(tenant), contentTag(tenant)],
          revalidate: REVALIDATE_SECONDS,
        },
      )()
      return { unavailable: false, value }
    } catch (error) {
      log.error('Fehler beim Laden des CMS Inhalts', {
        tenant,
        locale,
        kind,
        code: error instanceof MainApiError ? error.code : undefined,
        reason: error instanceof Error ? error.message : String(error),
      })
      return { unavailable: true }
    }
  }
}

export const loadContentPage = cached('page', (ctx, key: PageKey) => getContentPage(ctx, key))
export const loadContentFlags = cached('flags', getContentFlags)
export const loadContentBlocks = cached('blocks', listContentBlocks)
export const loadKeyVisuals = cached('keyvisuals', listKeyVisuals)
export const loadFaq = cached('faq', listFaqEntries)
export const loadFootnotes = cached('footnotes', (ctx, identifiers: readonly string[]) =>
  identifiers.length === 0 ? Promise.resolve([]) : listFootnotes(ctx, identifiers),
)

/**
 * The tenant's own message texts (flat keys) for the i18n request config, or for the agency area with
 * an agency's text variables (lib/portal/agency-texts.ts). Without an answer the portal's texts apply
 * (the failure is logged): a missing override never blocks a page.
 */
export async function loadTextOverrides(ctx: ApiContext, agentur?: string): Promise<TextOverrides> {
  const loaded = await cached('texts', (c, a?: string) => getTextOverrides(c, a))(ctx, agentur)
  return loaded.unavailable ? {} : loaded.value
}
