import 'server-only'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Locale } from '@/lib/i18n/config'
import demoClosedDe from './files/demo-closed/de.json'
import demoClosedEn from './files/demo-closed/en.json'
import demoDe from './files/demo/de.json'
import demoEn from './files/demo/en.json'
import {
  ContentUnavailableError,
  fileContentSchema,
  type AssetFile,
  type ContentSource,
  type FileContent,
} from '@/lib/shared/content/types'

/**
 * The embedded content source: per tenant and locale a JSON file in lib/engine/content/sources/files/{tenant}, imported
 * at build time and checked against the app's types once; images in lib/engine/content/sources/files/{tenant}/assets.
 */
const FILES: Record<string, Partial<Record<Locale, unknown>>> = {
  demo: { de: demoDe, en: demoEn },
  'demo-closed': { de: demoClosedDe, en: demoClosedEn },
}

const ASSET_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
}
const ASSET_ID = /^[a-z0-9][a-z0-9-]*$/

const parsed = new Map<string, FileContent>()

function tenantContent(slug: string, locale: Locale): FileContent {
  const key = `${slug}:${locale}`
  let content = parsed.get(key)
  if (!content) {
    const raw = FILES[slug]?.[locale] ?? FILES[slug]?.de
    if (raw === undefined) throw new ContentUnavailableError(`no content files for tenant ${slug}`)
    const result = fileContentSchema.safeParse(raw)
    if (!result.success)
      throw new ContentUnavailableError(
        `content files of ${slug} (${locale}) do not match the content types`,
        {
          cause: result.error,
        },
      )
    content = result.data
    parsed.set(key, content)
  }
  return content
}

/** The file source of a tenant whose content is in the repo. */
export function fileSourceOf(slug: string): ContentSource {
  return createFileSource(
    (locale) => tenantContent(slug, locale),
    path.join(process.cwd(), 'lib/engine/content/sources/files', slug, 'assets'),
  )
}

/**
 * A file source over content given per locale (German where a locale has none) and an asset folder.
 * Images are served as stored: the files are vector graphics, so width and height need no scaling.
 */
export function createFileSource(content: (locale: Locale) => FileContent, assetDir: string): ContentSource {
  return {
    flags: async (locale) => content(locale).flags,
    page: async (key, locale) => content(locale).seiten.find((p) => p.Schluessel === key) ?? null,
    blocks: async (locale) => [...content(locale).bloecke].sort((a, b) => a.Position - b.Position),
    keyVisuals: async (locale) => content(locale).keyVisuals,
    faq: async (locale) => content(locale).faq,
    footnotes: async (identifiers, locale) =>
      identifiers.flatMap((id) => content(locale).fussnoten.filter((f) => f.Identifier === id)),
    variables: async (locale) => content(locale).variablen,
    texts: async (locale) => content(locale).texte,
    asset: async (id) => readAsset(assetDir, id),
  }
}

async function readAsset(dir: string, id: string): Promise<AssetFile | null> {
  if (!ASSET_ID.test(id)) return null
  for (const [extension, contentType] of Object.entries(ASSET_TYPES)) {
    try {
      const body = new Uint8Array(await readFile(path.join(dir, id + extension)))
      return { body, contentType }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return null
}
