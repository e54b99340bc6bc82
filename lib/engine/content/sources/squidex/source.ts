import 'server-only'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import type { ContentSource, PageKey } from '@/lib/shared/content/types'
import { createSquidexClient } from './fetch'
import {
  parseItem,
  parseListPage,
  type SquidexItem,
  toBlocks,
  toFaq,
  toFlags,
  toFootnotes,
  toKeyVisuals,
  toPage,
  toTexts,
  toVariables,
  VARIABLES_QUERY,
} from './reshape'

/**
 * The content source of a tenant whose content is kept in a Squidex-type content service
 * (tenant setting Content: Source 'squidex', Url, AppName, ClientId, ClientSecret, Ids).
 *
 * Content model the tenant keeps in its app. Localized fields have the languages `de` and `en`; a value
 * missing in English is taken from German, and German is preferred over an invariant (`iv`) value.
 *
 * | Schema          | Read as                                   | Fields                                                        |
 * | --------------- | ----------------------------------------- | ------------------------------------------------------------- |
 * | `seiten`        | single items, ids in Ids.impressum,       | Schluessel (iv: impressum, datenschutz, agb, barrierefreiheit),|
 * |                 | Ids.datenschutz, Ids.agb,                 | Titel (localized), Einleitung (localized HTML, optional),     |
 * |                 | Ids.barrierefreiheit                      | Stand (iv date, optional), Inhalte (localized array of        |
 * |                 |                                           | { Titel (optional), Html })                                   |
 * | `faq`           | one item, id in Ids.faq                   | Eintraege (localized array of { Anker, Kategorie, Frage,      |
 * |                 |                                           | Antwort (HTML) }); Anker: a-z, 0-9 and hyphens                |
 * | `bloecke`       | list, ordered by Position                 | Platz (iv: home or kategorie:<slug>), Position (iv number),   |
 * |                 |                                           | Titel, Html (localized), LinkText (localized, optional),      |
 * |                 |                                           | LinkZiel (iv, optional)                                       |
 * | `keyvisuals`    | list                                      | Platz (iv), Titel, Text (localized), Bild (iv assets, the     |
 * |                 |                                           | first counts), BildAlt (localized), Breite, Hoehe (iv numbers),|
 * |                 |                                           | LinkText (localized, optional), LinkZiel (iv, optional)       |
 * | `fussnoten`     | list filtered with q on data.Identifier.iv| Identifier (iv), Titel, Gruppe, Inhalt (localized)            |
 * | `variablen`     | GraphQL queryVariablenContents            | Name (iv), Wert (localized)                                   |
 * | `texte`         | list                                      | Schluessel (iv, "Namespace.key" of messages/*.json),          |
 * |                 |                                           | Text (localized)                                              |
 * | `einstellungen` | one item, id in Ids.einstellungen         | Barrierefreiheitserklaerung (iv boolean)                      |
 *
 * Images are assets of the app (GET /api/assets/{app}/{id}?width=&height=). Ids of generated entries:
 * page sections `${page id}-${index}`, FAQ entries `${FAQ item id}-${Anker}`. A page or settings item
 * without a configured id, or one the service does not know (404), counts as none; so does a FAQ
 * without id. Lists are read in pages of 200 items (q with skip and take).
 */

export type SquidexContentSettings = Pick<
  TenantSettings['Content'],
  'Url' | 'AppName' | 'ClientId' | 'ClientSecret' | 'Ids'
>

const ASSET_ID = /^[A-Za-z0-9-]+$/
/** Items per list request; longer lists are read in several pages. */
const PAGE_SIZE = 200

export function createSquidexSource(
  content: SquidexContentSettings,
  options: { timeoutMs: number; fetch?: typeof fetch; pageSize?: number },
): ContentSource {
  const pageSize = options.pageSize ?? PAGE_SIZE
  const client = createSquidexClient({
    url: content.Url,
    appName: content.AppName,
    clientId: content.ClientId,
    clientSecret: content.ClientSecret,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  })
  const app = encodeURIComponent(content.AppName)

  /** The item of a schema with the id configured under `key`, or null for none. */
  async function single(schema: string, key: string) {
    const id = content.Ids[key]
    if (!id) return null
    const json = await client.getJson(`/api/content/${app}/${schema}/${encodeURIComponent(id)}`, {
      notFoundIsNull: true,
    })
    return json === null ? null : parseItem(json, `${schema} item`)
  }

  /** Every item of a schema (matching the filter), read page by page. */
  async function list(schema: string, filter?: object) {
    const items: SquidexItem[] = []
    for (let skip = 0; ; skip += pageSize) {
      const q = JSON.stringify({ ...(filter ? { filter } : {}), skip, take: pageSize })
      const path = `/api/content/${app}/${schema}?${new URLSearchParams({ q })}`
      const page = parseListPage(await client.getJson(path), `${schema} list`)
      items.push(...page.items)
      const complete = page.total === undefined ? page.items.length < pageSize : items.length >= page.total
      if (complete || page.items.length === 0) return items
    }
  }

  return {
    flags: async () => toFlags(await single('einstellungen', 'einstellungen')),

    page: async (key: PageKey, locale) => {
      const item = await single('seiten', key)
      return item && toPage(item, key, locale)
    },

    blocks: async (locale) => toBlocks(await list('bloecke'), locale),

    keyVisuals: async (locale) => toKeyVisuals(await list('keyvisuals'), locale),

    faq: async (locale) => {
      const item = await single('faq', 'faq')
      return item ? toFaq(item, locale) : []
    },

    footnotes: async (identifiers, locale) => {
      if (identifiers.length === 0) return []
      const filter = { path: 'data.Identifier.iv', op: 'in', value: [...new Set(identifiers)] }
      return toFootnotes(await list('fussnoten', filter), identifiers, locale)
    },

    variables: async (locale) => toVariables(await client.graphql(VARIABLES_QUERY), locale),

    texts: async (locale) => toTexts(await list('texte'), locale),

    asset: async (id, size) => {
      if (!ASSET_ID.test(id)) return null
      const query = new URLSearchParams()
      for (const name of ['width', 'height'] as const) {
        const value = size[name]
        if (value !== undefined && Number.isFinite(value) && value > 0)
          query.set(name, String(Math.round(value)))
      }
      const search = query.toString() ? `?${query}` : ''
      return client.getBytes(`/api/assets/${app}/${id}${search}`)
    },
  }
}
