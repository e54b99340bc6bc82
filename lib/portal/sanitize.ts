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
