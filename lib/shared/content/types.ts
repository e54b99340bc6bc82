import { z } from 'zod'
import type { Locale } from '@/lib/i18n/config'

/**
 * The content kinds the portal shows, as the app uses them (SPEC §3 content service data: blocks, key
 * visuals, FAQs, pages with Inhalte lists, variables, footnotes, images). Every source (files in the
 * repo, the Squidex-type content service) is reshaped into these. HTML fields are the source's HTML;
 * the portal sanitizes them before rendering.
 */

/** SPEC §3 Footnote: products reference one by its Identifier (product field Fussnote). */
export const footnoteSchema = z.object({
  Id: z.string(),
  Identifier: z.string(),
  Titel: z.string(),
  Gruppe: z.string(),
  Inhalt: z.string(),
})
export type Footnote = z.infer<typeof footnoteSchema>

/** The legal and information pages the portal renders from content. */
export const PAGE_KEYS = ['impressum', 'datenschutz', 'agb', 'barrierefreiheit'] as const
export type PageKey = (typeof PAGE_KEYS)[number]

/** One entry of a page's Inhalte list: an optional heading and its HTML. */
export const pageSectionSchema = z.object({
  Id: z.string(),
  Titel: z.string().nullable(),
  Html: z.string(),
})
export type PageSection = z.infer<typeof pageSectionSchema>

export const contentPageSchema = z.object({
  Id: z.string(),
  Schluessel: z.enum(PAGE_KEYS),
  Titel: z.string(),
  /** Short lead text under the title (HTML), or null. */
  Einleitung: z.string().nullable(),
  /** Date of the current version, YYYY-MM-DD, or null. */
  Stand: z.iso.date().nullable(),
  Inhalte: z.array(pageSectionSchema),
})
export type ContentPage = z.infer<typeof contentPageSchema>

/**
 * Where a block or key visual appears: 'home', or 'kategorie:<slug>' for a product-category page
 * (slug as in SPEC §2.3, e.g. 'kategorie:internet/hybrid').
 */
export const placementSchema = z.string().regex(/^(home|kategorie:[a-z0-9./-]+)$/)

export const linkSchema = z.object({ Text: z.string(), Ziel: z.string() })
export type ContentLink = z.infer<typeof linkSchema>

/** An image of the content source, addressed by id (SPEC §7.8 assets with width and height). */
export const assetRefSchema = z.object({
  Id: z.string(),
  Alt: z.string(),
  Breite: z.number().int().positive(),
  Hoehe: z.number().int().positive(),
})
export type AssetRef = z.infer<typeof assetRefSchema>

export const contentBlockSchema = z.object({
  Id: z.string(),
  Platz: placementSchema,
  /** Order within its place, ascending. */
  Position: z.number().int(),
  Titel: z.string(),
  Html: z.string(),
  Link: linkSchema.nullable(),
})
export type ContentBlock = z.infer<typeof contentBlockSchema>

export const keyVisualSchema = z.object({
  Id: z.string(),
  Platz: placementSchema,
  Titel: z.string(),
  Text: z.string(),
  Bild: assetRefSchema,
  Link: linkSchema.nullable(),
})
export type KeyVisual = z.infer<typeof keyVisualSchema>

export const faqEntrySchema = z.object({
  Id: z.string(),
  /** Stable anchor of the question (deep links /faq#<Anker>): lower case, digits and hyphens. */
  Anker: z.string().regex(/^[a-z0-9-]+$/),
  Kategorie: z.string(),
  Frage: z.string(),
  /** The answer as HTML. */
  Antwort: z.string(),
})
export type FaqEntry = z.infer<typeof faqEntrySchema>

/** SPEC §3 variables (name, value): substituted for {{Name}} in content and texts. */
export const variableSchema = z.object({ Name: z.string().regex(/^[A-Za-z][\w.]*$/), Wert: z.string() })
export type Variable = z.infer<typeof variableSchema>

/**
 * Message texts a tenant overrides per locale: flat keys "Namespace.key" → text, merged over
 * messages/*.json (main API content/getlanguagecontent/{lang}).
 */
export const textOverridesSchema = z.record(z.string().regex(/^[A-Za-z]\w*(\.\w+)+$/), z.string())
export type TextOverrides = z.infer<typeof textOverridesSchema>

/** Content flags: which optional pages the tenant's content enables (SPEC §2.2 Barrierefreiheitserklaerung). */
export const contentFlagsSchema = z.object({ Barrierefreiheitserklaerung: z.boolean() })
export type ContentFlags = z.infer<typeof contentFlagsSchema>

/** The content of one tenant and locale held by the file source (lib/engine/content/sources/files/{tenant}/{locale}.json). */
export const fileContentSchema = z.object({
  flags: contentFlagsSchema,
  seiten: z.array(contentPageSchema),
  bloecke: z.array(contentBlockSchema),
  keyVisuals: z.array(keyVisualSchema),
  faq: z.array(faqEntrySchema),
  fussnoten: z.array(footnoteSchema),
  variablen: z.array(variableSchema),
  texte: textOverridesSchema,
})
export type FileContent = z.infer<typeof fileContentSchema>

/** An image as the source delivers it. */
export type AssetFile = { body: Uint8Array; contentType: string }

/**
 * One tenant's content, from whichever source the tenant uses. Every method answers in the locale
 * with German as fallback, and throws ContentUnavailableError when the source does not answer.
 */
export interface ContentSource {
  flags(locale: Locale): Promise<ContentFlags>
  /** The page, or null when the tenant's content has none under that key. */
  page(key: PageKey, locale: Locale): Promise<ContentPage | null>
  blocks(locale: Locale): Promise<ContentBlock[]>
  keyVisuals(locale: Locale): Promise<KeyVisual[]>
  faq(locale: Locale): Promise<FaqEntry[]>
  /** The footnotes with these identifiers, in the order asked for; unknown identifiers are left out. */
  footnotes(identifiers: readonly string[], locale: Locale): Promise<Footnote[]>
  variables(locale: Locale): Promise<Variable[]>
  texts(locale: Locale): Promise<TextOverrides>
  /** The image scaled to fit width × height where given; null when there is no such asset. */
  asset(id: string, size: { width?: number; height?: number }): Promise<AssetFile | null>
}

/** The content service did not answer (or answered garbage): pages show 'Inhalt nicht verfügbar'. */
export class ContentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ContentUnavailableError'
  }
}
