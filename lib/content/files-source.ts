import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import demoClosedDe from './files/demo-closed/de.json'
import demoClosedEn from './files/demo-closed/en.json'
import demoDe from './files/demo/de.json'
import demoEn from './files/demo/en.json'
import { fileContentSchema, type FileContent } from './types'

/**
 * The embedded content source: per tenant and locale a JSON file in lib/content/files, imported at
 * build time (no filesystem reads at run time) and checked against the app's types once.
 */
const FILES: Record<string, Partial<Record<Locale, unknown>>> = {
  demo: { de: demoDe, en: demoEn },
  'demo-closed': { de: demoClosedDe, en: demoClosedEn },
}

const parsed = new Map<string, FileContent | null>()

/** The tenant's content in the locale, German where the locale has none; null for a tenant without files. */
export function fileContent(slug: string, locale: Locale): FileContent | null {
  const key = `${slug}:${locale}`
  if (!parsed.has(key)) {
    const raw = FILES[slug]?.[locale] ?? FILES[slug]?.de
    parsed.set(key, raw === undefined ? null : fileContentSchema.parse(raw))
  }
  return parsed.get(key) ?? null
}
