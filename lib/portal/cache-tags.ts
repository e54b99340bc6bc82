/**
 * Tags of the portal's cached data (unstable_cache) and pages: revalidateTag(tag, 'max') after a
 * change serves the cached copy once more while a fresh one is made.
 */

/** Everything cached for a tenant: configuration, catalogue, rewards, content. */
export const tenantTag = (slug: string) => `tenant:${slug}`

/** A tenant's content (pages, FAQ, blocks, key visuals, footnotes, texts): the publish webhook renews it. */
export const contentTag = (slug: string) => `content:${slug}`
