import 'server-only'
import sanitizeHtml from 'sanitize-html'
import { pathHref, type PortalContext } from '@/lib/routes/href'

/**
 * HTML from the content service, made safe before it is rendered: only text markup, lists, tables and
 * links survive; links go to web, mail or phone addresses, or to portal paths ("/faq#…"), which are
 * written for the tenant and locale of the page. Headings start at h3, below the page's own h1 and h2.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'small',
  'sup',
  'sub',
  'abbr',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
]

export function sanitizeContentHtml(html: string, ctx: PortalContext): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'rel'],
      abbr: ['title'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowProtocolRelative: false,
    // Headings the page itself uses move one level down, so the outline stays whole.
    transformTags: {
      h1: 'h3',
      h2: 'h3',
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs.href ?? '', ctx) }),
    },
  })
}

/** What a wide table of the content says to a phone user, and its name for assistive technology. */
export type TableTexts = { label: string; hint: string }

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Each table of sanitized content in a region of its own that scrolls sideways where the screen is
 * narrower than the table, and that the keyboard can reach to scroll it (tabindex 0, named). A table of
 * three or more columns under a row of headings becomes a card per row on a phone: each cell carries its
 * column's heading (`data-label`, shown before it, app/globals.css), so nothing needs scrolling. Any other
 * table of three or more columns is told to be wiped sideways on a phone (the hint shows on narrow
 * screens only). Works on sanitizeContentHtml's output, where a table is always a plain `<table>`.
 */
export function scrollableTables(html: string, texts: TableTexts): string {
  const label = escapeText(texts.label)
  const hint = `<p class="table-hint">${escapeText(texts.hint)}</p>`
  return html.replace(/<table>[\s\S]*?<\/table>/g, (table) => {
    const cards = asCards(table)
    const firstRow = /<tr>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? ''
    const columns = (firstRow.match(/<t[hd][\s>]/g) ?? []).length
    const region = (inner: string) =>
      `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}">${inner}</div>`
    if (cards) return region(cards)
    return `${columns >= 3 ? hint : ''}${region(table)}`
  })
}

/**
 * Content HTML as a page shows it: sanitized for the tenant's portal, its tables readable on a phone,
 * with the table texts of the Content namespace (`t` of useTranslations or getTranslations).
 */
export function contentHtml(
  html: string,
  ctx: PortalContext,
  t: (key: 'tableLabel' | 'tableHint') => string,
): string {
  return scrollableTables(sanitizeContentHtml(html, ctx), { label: t('tableLabel'), hint: t('tableHint') })
}

/**
 * The table with each data cell labelled by its column's heading, or null where it has no plain row of
 * three or more headings first, or cells spanning columns or rows (the labels would not line up).
 */
function asCards(table: string): string | null {
  const rows = table.match(/<tr>[\s\S]*?<\/tr>/g) ?? []
  const head = rows[0]
  if (!head || rows.length < 2 || /<td[\s>]/.test(head) || /\s(?:colspan|rowspan)=/.test(table)) return null
  // Text of the sanitized markup: its entities stay as they are, quotes are made safe for the attribute.
  const labels = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .trim()
      .replace(/"/g, '&quot;'),
  )
  if (labels.length < 3) return null
  const labelled = table.replace(/<tr>[\s\S]*?<\/tr>/g, (row) => {
    if (row === head) return row
    let column = 0
    return row.replace(/<td(?=[\s>])/g, () => `<td data-label="${labels[column++] ?? ''}"`)
  })
  return labelled.replace('<table>', '<table class="table-cards">')
}

function linkAttributes(target: string, ctx: PortalContext): Record<string, string> {
  const href = target.trim()
  if (href.startsWith('/') && !href.startsWith('//')) return { href: portalHref(ctx, href) }
  if (/^https?:\/\//i.test(href)) return { href, rel: 'noopener noreferrer' }
  if (/^(mailto|tel):/i.test(href)) return { href }
  return {}
}

/** A portal path of content ("/faq#auszahlung", "/aktuellepraemienuebersicht") for this page's tenant and locale. */
export function portalHref(ctx: PortalContext, path: string): string {
  const match = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(path)
  const [, pathname = '/', search = '', hash = ''] = match ?? []
  return `${pathHref(ctx, pathname || '/')}${search}${hash}`
}
