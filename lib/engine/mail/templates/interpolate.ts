import type { MailTemplate } from './mail-templates'

/**
 * Filling a mail's texts: `{name}` placeholders (checked against the names a template may use), the
 * values escaped for the part they go into; links only as http(s) URLs; the sender's display name.
 */

const PLACEHOLDER = /\{([^{}]*)\}|[{}]/g
const NAME = /^[A-Za-z][A-Za-z0-9]*$/

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => {
    if (m[1] === undefined || !NAME.test(m[1]))
      throw new Error(`Malformed placeholder in mail text "${text}"`)
    return m[1]
  })
}

/** Every placeholder in the texts must be a name the template may use. */
export function checkPlaceholders(texts: readonly string[], allowed: Set<string>, template: MailTemplate) {
  for (const text of texts)
    for (const name of placeholders(text)) {
      if (!allowed.has(name)) throw new Error(`Mail "${template}": unknown placeholder "{${name}}"`)
    }
}

/** One pass: values are never themselves searched for placeholders. */
export function interpolate(
  text: string,
  values: Record<string, string | undefined>,
  escape: (s: string) => string,
  template: MailTemplate,
): string {
  let out = ''
  let last = 0
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]
    if (name === undefined || !NAME.test(name))
      throw new Error(`Malformed placeholder in mail text "${text}"`)
    const value = values[name]
    if (value === undefined) throw new Error(`Mail "${template}": missing var "${name}"`)
    out += escape(text.slice(last, m.index)) + escape(value)
    last = m.index + m[0].length
  }
  return out + escape(text.slice(last))
}

export function isHttpUrl(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

export function checkUrl(value: string, name: string): string {
  if (!isHttpUrl(value)) throw new Error(`Mail link "${name}" must be an http(s) URL`)
  return value
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Content of an RFC 5322 quoted string: no line breaks or control characters, `\` and `"` escaped. */
export function quoteDisplayName(name: string): string {
  return name
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .trim()
}
