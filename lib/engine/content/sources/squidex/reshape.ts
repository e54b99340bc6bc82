import { z } from 'zod'
import type { Locale } from '@/lib/i18n/config'
import {
  ContentUnavailableError,
  contentBlockSchema,
  contentFlagsSchema,
  contentPageSchema,
  faqEntrySchema,
  footnoteSchema,
  keyVisualSchema,
  textOverridesSchema,
  variableSchema,
  type ContentBlock,
  type ContentFlags,
  type ContentPage,
  type FaqEntry,
  type Footnote,
  type KeyVisual,
  type PageKey,
  type TextOverrides,
  type Variable,
} from '@/lib/shared/content/types'

/**
 * Pure functions from Squidex payloads to the app's content types (lib/shared/content/types.ts). A Squidex
 * item is `{ id, data: { Field: { iv: value } } }` for an invariant field and
 * `{ Field: { de: value, en: value } }` for a localized one; a list is `{ total, items }`. Anything that
 * does not fit the app's schemas throws ContentUnavailableError.
 */

export const squidexItemSchema = z.object({
  id: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
})
export type SquidexItem = z.infer<typeof squidexItemSchema>

export const squidexListSchema = z.object({
  total: z.number().optional(),
  items: z.array(squidexItemSchema),
})

function valid<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new ContentUnavailableError(`content service sent an invalid ${what}`, { cause: result.error })
  return result.data
}

/** One item (GET content/{app}/{schema}/{id}). */
export function parseItem(json: unknown, what = 'item'): SquidexItem {
  return valid(squidexItemSchema, json, what)
}

/** The items of a list (GET content/{app}/{schema}). */
export function parseList(json: unknown, what = 'list'): SquidexItem[] {
  return parseListPage(json, what).items
}

/** One page of a list: its items and the total the list has. */
export function parseListPage(json: unknown, what = 'list'): { total?: number; items: SquidexItem[] } {
  return valid(squidexListSchema, json, what)
}

function field(item: SquidexItem, name: string): Record<string, unknown> | undefined {
  const value = item.data[name]
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A field's value for the locale: the locale's, else the German one, else the invariant one. */
export function localized(item: SquidexItem, name: string, locale: Locale): unknown {
  const value = field(item, name)
  return value?.[locale] ?? value?.de ?? value?.iv
}

/** An invariant field's value. */
export function invariant(item: SquidexItem, name: string): unknown {
  return field(item, name)?.iv
}

/** An optional text: missing, null and empty are null. */
function optional(value: unknown): unknown {
  return value === undefined || value === null || value === '' ? null : value
}

function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function link(item: SquidexItem, locale: Locale): unknown {
  const text = optional(localized(item, 'LinkText', locale))
  const target = optional(invariant(item, 'LinkZiel'))
  return text === null || target === null ? null : { Text: text, Ziel: target }
}

/** Squidex date-time fields answer an ISO timestamp; the app keeps the date. */
function date(value: unknown): unknown {
  const text = optional(value)
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text
}

/**
 * A page (schema `seiten`): Schluessel (iv), Titel, Einleitung (localized), Stand (iv date) and
 * Inhalte (localized array of { Titel, Html }; each gets the Id `${item.id}-${index}`).
 * The item must be the page asked for.
 */
export function toPage(item: SquidexItem, key: PageKey, locale: Locale): ContentPage {
  const page = valid(
    contentPageSchema,
    {
      Id: item.id,
      Schluessel: invariant(item, 'Schluessel'),
      Titel: localized(item, 'Titel', locale),
      Einleitung: optional(localized(item, 'Einleitung', locale)),
      Stand: date(invariant(item, 'Stand')),
      Inhalte: array(localized(item, 'Inhalte', locale)).map((entry, index) => {
        const section = record(entry)
        return { Id: `${item.id}-${index}`, Titel: optional(section.Titel), Html: section.Html }
      }),
    },
    `page ${key}`,
  )
  if (page.Schluessel !== key)
    throw new ContentUnavailableError(`content item ${item.id} is page ${page.Schluessel}, not ${key}`)
  return page
}

/** The FAQ item: Eintraege (localized array of { Anker, Kategorie, Frage, Antwort }; Id `${item.id}-${Anker}`). */
export function toFaq(item: SquidexItem, locale: Locale): FaqEntry[] {
  return array(localized(item, 'Eintraege', locale)).map((entry) => {
    const e = record(entry)
    return valid(
      faqEntrySchema,
      {
        Id: `${item.id}-${String(e.Anker)}`,
        Anker: e.Anker,
        Kategorie: e.Kategorie,
        Frage: e.Frage,
        Antwort: e.Antwort,
      },
      'FAQ entry',
    )
  })
}

/** The blocks (schema `bloecke`), ordered by Position. */
export function toBlocks(items: readonly SquidexItem[], locale: Locale): ContentBlock[] {
  return items
    .map((item) =>
      valid(
        contentBlockSchema,
        {
          Id: item.id,
          Platz: invariant(item, 'Platz'),
          Position: invariant(item, 'Position'),
          Titel: localized(item, 'Titel', locale),
          Html: localized(item, 'Html', locale),
          Link: link(item, locale),
        },
        'block',
      ),
    )
    .sort((a, b) => a.Position - b.Position)
}

/** The key visuals (schema `keyvisuals`); Bild is a list of asset ids of which the first counts. */
export function toKeyVisuals(items: readonly SquidexItem[], locale: Locale): KeyVisual[] {
  return items.map((item) =>
    valid(
      keyVisualSchema,
      {
        Id: item.id,
        Platz: invariant(item, 'Platz'),
        Titel: localized(item, 'Titel', locale),
        Text: localized(item, 'Text', locale),
        Bild: {
          Id: array(invariant(item, 'Bild'))[0],
          Alt: localized(item, 'BildAlt', locale),
          Breite: invariant(item, 'Breite'),
          Hoehe: invariant(item, 'Hoehe'),
        },
        Link: link(item, locale),
      },
      'key visual',
    ),
  )
}

/** Footnotes (schema `fussnoten`) in the order of `identifiers`; identifiers without one are left out. */
export function toFootnotes(
  items: readonly SquidexItem[],
  identifiers: readonly string[],
  locale: Locale,
): Footnote[] {
  const notes = items.map((item) =>
    valid(
      footnoteSchema,
      {
        Id: item.id,
        Identifier: invariant(item, 'Identifier'),
        Titel: localized(item, 'Titel', locale),
        Gruppe: localized(item, 'Gruppe', locale),
        Inhalt: localized(item, 'Inhalt', locale),
      },
      'footnote',
    ),
  )
  return identifiers.flatMap((identifier) => notes.filter((n) => n.Identifier === identifier))
}

export const VARIABLES_QUERY = '{ queryVariablenContents { id data { Name { iv } Wert { de en } } } }'

/** The answer to VARIABLES_QUERY: `{ Name, Wert }` with Wert in the locale, else German. */
export function toVariables(data: unknown, locale: Locale): Variable[] {
  const { queryVariablenContents } = valid(
    z.object({ queryVariablenContents: z.array(squidexItemSchema) }),
    data,
    'variables answer',
  )
  return queryVariablenContents.map((item) =>
    valid(
      variableSchema,
      { Name: invariant(item, 'Name'), Wert: localized(item, 'Wert', locale) },
      'variable',
    ),
  )
}

/** The message overrides (schema `texte`): Schluessel (iv, "Namespace.key") → Text (localized). */
export function toTexts(items: readonly SquidexItem[], locale: Locale): TextOverrides {
  return valid(
    textOverridesSchema,
    Object.fromEntries(items.map((item) => [invariant(item, 'Schluessel'), localized(item, 'Text', locale)])),
    'text overrides',
  )
}

/** The settings item (schema `einstellungen`), or null for none: flags default to off. */
export function toFlags(item: SquidexItem | null): ContentFlags {
  return valid(
    contentFlagsSchema,
    { Barrierefreiheitserklaerung: (item && invariant(item, 'Barrierefreiheitserklaerung')) ?? false },
    'settings',
  )
}
