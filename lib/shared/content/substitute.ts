import type { ContentBlock, ContentPage, FaqEntry, Footnote, KeyVisual, TextOverrides } from './types'

/**
 * Text variables in content and texts: `{{Name}}` is replaced by the value of the variable of that
 * name (SPEC §3 variables and the Client placeholders Name, ProgrammName, EmpfehlenUrl, Email.Support,
 * Produktkategorie.Kurz). A placeholder without a value stays as written, so an editor sees it.
 */
export type Values = Readonly<Record<string, string>>

const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}

/** Replaces the placeholders of a plain text. */
export function substituteText(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole)
}

/** Replaces the placeholders of HTML; values are inserted as text (escaped), never as markup. */
export function substituteHtml(html: string, values: Values): string {
  return html.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : escapeHtml(value)
  })
}

const text = substituteText
const html = substituteHtml

export function substitutePage(page: ContentPage, v: Values): ContentPage {
  return {
    ...page,
    Titel: text(page.Titel, v),
    Einleitung: page.Einleitung === null ? null : html(page.Einleitung, v),
    Inhalte: page.Inhalte.map((s) => ({
      ...s,
      Titel: s.Titel === null ? null : text(s.Titel, v),
      Html: html(s.Html, v),
    })),
  }
}

export function substituteBlock(block: ContentBlock, v: Values): ContentBlock {
  return {
    ...block,
    Titel: text(block.Titel, v),
    Html: html(block.Html, v),
    Link: block.Link && { Text: text(block.Link.Text, v), Ziel: block.Link.Ziel },
  }
}

export function substituteKeyVisual(visual: KeyVisual, v: Values): KeyVisual {
  return {
    ...visual,
    Titel: text(visual.Titel, v),
    Text: text(visual.Text, v),
    Bild: { ...visual.Bild, Alt: text(visual.Bild.Alt, v) },
    Link: visual.Link && { Text: text(visual.Link.Text, v), Ziel: visual.Link.Ziel },
  }
}

export function substituteFaq(entry: FaqEntry, v: Values): FaqEntry {
  return {
    ...entry,
    Kategorie: text(entry.Kategorie, v),
    Frage: text(entry.Frage, v),
    Antwort: html(entry.Antwort, v),
  }
}

export function substituteFootnote(note: Footnote, v: Values): Footnote {
  return { ...note, Titel: text(note.Titel, v), Inhalt: text(note.Inhalt, v) }
}

export function substituteTexts(texts: TextOverrides, v: Values): TextOverrides {
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, text(value, v)]))
}
