import 'server-only'
import { contentSourceFor } from '@/lib/engine/content/sources'
import {
  substituteBlock,
  substituteFaq,
  substituteFootnote,
  substituteKeyVisual,
  substitutePage,
  substituteTexts,
  type Values,
} from '@/lib/shared/content/substitute'
import { ContentUnavailableError, type ContentSource, type PageKey } from '@/lib/shared/content/types'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { portalBase } from '@/lib/engine/tenants/portal-link'

/**
 * A tenant's content as the main API answers it: from the tenant's source (files or the content
 * service), with text variables and the Client placeholders substituted. A source that does not
 * answer becomes InhaltNichtVerfuegbar (503), logged as SPEC §8 words it.
 */

/** SPEC §3 "Client (Mandant) in texts". */
export function clientPlaceholders(tenant: Tenant): Values {
  const s = tenant.settings
  return {
    Name: s.Name,
    ProgrammName: s.ProgrammName,
    EmpfehlenUrl: portalBase(tenant),
    'Email.Support': s.SupportEmail,
    'Produktkategorie.Kurz': s.ProduktkategorieKurz,
  }
}

async function fromSource<T>(tenant: Tenant, kind: string, read: (source: ContentSource) => Promise<T>) {
  try {
    return await read(contentSourceFor(tenant.slug, tenant.settings))
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error
    log.error('Fehler beim Laden des CMS Inhalts', { tenant: tenant.slug, kind, reason: error.message })
    throw new ApiError('InhaltNichtVerfuegbar', { cause: error })
  }
}

/**
 * The tenant's text variables: the content source's, then the values the operator stored for the
 * tenant (ContentVariables), then those of the agency when one is named; later ones win.
 */
export async function tenantVariables(tenant: Tenant, locale: Locale, agentur?: string) {
  const fromContent = await fromSource(tenant, 'variables', (s) => s.variables(locale))
  const values: Record<string, string> = Object.fromEntries(fromContent.map((v) => [v.Name, v.Wert]))
  Object.assign(values, tenant.settings.ContentVariables)
  if (agentur) Object.assign(values, tenant.settings.AgenturVariables[agentur] ?? {})
  return values
}

async function values(tenant: Tenant, locale: Locale): Promise<Values> {
  return { ...(await tenantVariables(tenant, locale)), ...clientPlaceholders(tenant) }
}

export async function contentPage(tenant: Tenant, locale: Locale, key: PageKey) {
  const page = await fromSource(tenant, `page:${key}`, (s) => s.page(key, locale))
  if (!page) throw new ApiError('NichtGefunden')
  return substitutePage(page, await values(tenant, locale))
}

export async function contentFlags(tenant: Tenant, locale: Locale) {
  return fromSource(tenant, 'flags', (s) => s.flags(locale))
}

export async function contentBlocks(tenant: Tenant, locale: Locale) {
  const [blocks, v] = await Promise.all([
    fromSource(tenant, 'blocks', (s) => s.blocks(locale)),
    values(tenant, locale),
  ])
  return blocks.map((b) => substituteBlock(b, v))
}

export async function contentKeyVisuals(tenant: Tenant, locale: Locale) {
  const [visuals, v] = await Promise.all([
    fromSource(tenant, 'keyvisuals', (s) => s.keyVisuals(locale)),
    values(tenant, locale),
  ])
  return visuals.map((k) => substituteKeyVisual(k, v))
}

export async function contentFaq(tenant: Tenant, locale: Locale) {
  const [faq, v] = await Promise.all([
    fromSource(tenant, 'faq', (s) => s.faq(locale)),
    values(tenant, locale),
  ])
  return faq.map((f) => substituteFaq(f, v))
}

export async function contentFootnotes(tenant: Tenant, locale: Locale, identifiers: readonly string[]) {
  if (identifiers.length === 0) return []
  const [notes, v] = await Promise.all([
    fromSource(tenant, 'footnotes', (s) => s.footnotes(identifiers, locale)),
    values(tenant, locale),
  ])
  return notes.map((n) => substituteFootnote(n, v))
}

/** The tenant's message texts for one locale (flat keys), placeholders substituted. */
export async function contentTexts(tenant: Tenant, locale: Locale) {
  const [texts, v] = await Promise.all([
    fromSource(tenant, 'texts', (s) => s.texts(locale)),
    values(tenant, locale),
  ])
  return substituteTexts(texts, v)
}

export async function contentAsset(tenant: Tenant, id: string, size: { width?: number; height?: number }) {
  const asset = await fromSource(tenant, 'asset', (s) => s.asset(id, size))
  if (!asset) throw new ApiError('NichtGefunden')
  return asset
}
