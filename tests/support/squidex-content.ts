import { isDeepStrictEqual } from 'node:util'
import type { ContentLink, FileContent } from '@/lib/shared/content/types'
import type { SquidexAsset, SquidexContent, SquidexItem } from './squidex-server'

// ---------------------------------------------------------------------------------------------------
// App-shaped fixtures → Squidex content

/** An invariant field: the value must be the same in every locale. */
function iv(what: string, de: unknown, en: unknown = de): Record<string, unknown> {
  if (!isDeepStrictEqual(de, en)) throw new Error(`${what}: invariant value differs between de and en`)
  return { iv: de }
}

/** A localized field; an English value equal to the German one is left out (the source falls back). */
function loc(de: unknown, en: unknown = de): Record<string, unknown> {
  return en === undefined || isDeepStrictEqual(de, en) ? { de } : { de, en }
}

/** The link of a block or key visual (none: null) as two fields: a localized text and an invariant target. */
function linkFields(what: string, de: ContentLink | null, en?: ContentLink | null): Record<string, unknown> {
  return {
    LinkText: loc(de?.Text ?? null, en === undefined ? undefined : (en?.Text ?? null)),
    LinkZiel: iv(`${what} LinkZiel`, de?.Ziel ?? null, en === undefined ? undefined : (en?.Ziel ?? null)),
  }
}

function counterpart<T>(
  list: readonly T[] | undefined,
  match: (item: T) => boolean,
  what: string,
): T | undefined {
  if (!list) return undefined
  const found = list.find(match)
  if (!found) throw new Error(`${what}: missing in the English content`)
  return found
}

/**
 * Converts app-shaped content (FileContent per locale; English optional) into the Squidex app the
 * source reads (content model in lib/engine/content/sources/squidex/source.ts), with the ids to configure in the
 * tenant's Content.Ids. Items are matched across locales by Id (variables by Name); the two locales must
 * hold the same items. Generated ids must match what the source generates: page sections
 * `${page Id}-${index}`, FAQ entries `faq-${Anker}`.
 */
export function toSquidexContent(
  byLocale: { de: FileContent; en?: FileContent },
  assets: Record<string, SquidexAsset> = {},
): { content: SquidexContent; ids: Record<string, string> } {
  const { de, en } = byLocale
  const ids: Record<string, string> = { faq: 'faq', einstellungen: 'einstellungen' }

  const seiten = de.seiten.map((page): SquidexItem => {
    const other = counterpart(en?.seiten, (p) => p.Id === page.Id, `page ${page.Id}`)
    const sections = (p: typeof page) =>
      p.Inhalte.map((s, index) => {
        if (s.Id !== `${p.Id}-${index}`) throw new Error(`section ${s.Id}: id must be ${p.Id}-${index}`)
        return { Titel: s.Titel, Html: s.Html }
      })
    ids[page.Schluessel] = page.Id
    return {
      id: page.Id,
      data: {
        Schluessel: iv(`page ${page.Id} Schluessel`, page.Schluessel, other?.Schluessel),
        Titel: loc(page.Titel, other?.Titel),
        Einleitung: loc(page.Einleitung, other?.Einleitung),
        Stand: iv(`page ${page.Id} Stand`, page.Stand, other?.Stand),
        Inhalte: loc(sections(page), other && sections(other)),
      },
    }
  })

  const faqEntries = (list: FileContent['faq']) =>
    list.map((e) => {
      if (e.Id !== `faq-${e.Anker}`) throw new Error(`FAQ entry ${e.Id}: id must be faq-${e.Anker}`)
      return { Anker: e.Anker, Kategorie: e.Kategorie, Frage: e.Frage, Antwort: e.Antwort }
    })
  if (
    en &&
    !isDeepStrictEqual(
      de.faq.map((e) => e.Anker),
      en.faq.map((e) => e.Anker),
    )
  )
    throw new Error('FAQ: the anchors differ between de and en')
  const faq: SquidexItem = {
    id: 'faq',
    data: { Eintraege: loc(faqEntries(de.faq), en && faqEntries(en.faq)) },
  }

  const bloecke = de.bloecke.map((block): SquidexItem => {
    const other = counterpart(en?.bloecke, (b) => b.Id === block.Id, `block ${block.Id}`)
    const what = `block ${block.Id}`
    return {
      id: block.Id,
      data: {
        Platz: iv(`${what} Platz`, block.Platz, other?.Platz),
        Position: iv(`${what} Position`, block.Position, other?.Position),
        Titel: loc(block.Titel, other?.Titel),
        Html: loc(block.Html, other?.Html),
        ...linkFields(what, block.Link, other && other.Link),
      },
    }
  })

  const keyvisuals = de.keyVisuals.map((kv): SquidexItem => {
    const other = counterpart(en?.keyVisuals, (k) => k.Id === kv.Id, `key visual ${kv.Id}`)
    const what = `key visual ${kv.Id}`
    return {
      id: kv.Id,
      data: {
        Platz: iv(`${what} Platz`, kv.Platz, other?.Platz),
        Titel: loc(kv.Titel, other?.Titel),
        Text: loc(kv.Text, other?.Text),
        Bild: iv(`${what} Bild`, [kv.Bild.Id], other && [other.Bild.Id]),
        BildAlt: loc(kv.Bild.Alt, other?.Bild.Alt),
        Breite: iv(`${what} Breite`, kv.Bild.Breite, other?.Bild.Breite),
        Hoehe: iv(`${what} Hoehe`, kv.Bild.Hoehe, other?.Bild.Hoehe),
        ...linkFields(what, kv.Link, other && other.Link),
      },
    }
  })

  const fussnoten = de.fussnoten.map((note): SquidexItem => {
    const other = counterpart(en?.fussnoten, (n) => n.Id === note.Id, `footnote ${note.Id}`)
    return {
      id: note.Id,
      data: {
        Identifier: iv(`footnote ${note.Id} Identifier`, note.Identifier, other?.Identifier),
        Titel: loc(note.Titel, other?.Titel),
        Gruppe: loc(note.Gruppe, other?.Gruppe),
        Inhalt: loc(note.Inhalt, other?.Inhalt),
      },
    }
  })

  const variablen = de.variablen.map((variable, index): SquidexItem => {
    const other = counterpart(en?.variablen, (v) => v.Name === variable.Name, `variable ${variable.Name}`)
    return {
      id: `variable-${index}`,
      data: { Name: { iv: variable.Name }, Wert: loc(variable.Wert, other?.Wert) },
    }
  })

  const keys = [...new Set([...Object.keys(de.texte), ...Object.keys(en?.texte ?? {})])]
  const texte = keys.map((key, index): SquidexItem => ({
    id: `text-${index}`,
    data: { Schluessel: { iv: key }, Text: loc(de.texte[key], en?.texte[key]) },
  }))

  const einstellungen: SquidexItem = {
    id: 'einstellungen',
    data: {
      Barrierefreiheitserklaerung: iv(
        'flags',
        de.flags.Barrierefreiheitserklaerung,
        en?.flags.Barrierefreiheitserklaerung,
      ),
    },
  }

  return {
    content: {
      schemas: {
        seiten,
        faq: [faq],
        bloecke,
        keyvisuals,
        fussnoten,
        variablen,
        texte,
        einstellungen: [einstellungen],
      },
      assets,
    },
    ids,
  }
}
