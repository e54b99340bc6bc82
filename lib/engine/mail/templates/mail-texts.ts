import type { Locale } from '@/lib/i18n/config'
import type { MailTemplate } from './mail-templates'
import tenantTexts from './tenant-texts.json'
import de from './texts/de.json'
import en from './texts/en.json'

/**
 * The texts of the mails per locale (texts/{de,en}.json), and the tenants' own wording over them: per
 * tenant slug and locale in tenant-texts.json, only the keys a tenant words differently. No filesystem
 * reads at runtime.
 */

type LinkTexts = { label: string; note?: string }
type TemplateTexts = {
  subject: string
  preheader: string
  heading: string
  /** The greeting of a template that does not greet by name (see TemplateSpec.greeting). */
  greeting?: string
  paragraphs: string[]
  /** The button's label; a template without a button link has none. */
  button?: string
  links?: Record<string, LinkTexts>
  notes?: string[]
}
export type MailTexts = {
  greeting: { withAnrede: string; withoutAnrede: string }
  /** Known salutations (stored values such as "Frau") and their wording in the locale. */
  anreden: Record<string, string>
  signoff: string
  buttonFallback: string
  footer: { sender: string; support: string; automatic: string }
} & Record<MailTemplate, TemplateTexts>

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T
export type MailTextOverride = DeepPartial<MailTexts>

// The English texts must have the German key structure (checked by the compiler, and deeply by the tests).
const enTexts: typeof de = en
const BASE_TEXTS: { de: MailTexts } & Partial<Record<Locale, MailTextOverride>> = { de, en: enTexts }

/** The tenants' overrides by slug and locale (data: tenant-texts.json). */
const TENANT_TEXTS: Record<string, Partial<Record<Locale, MailTextOverride>> | undefined> = tenantTexts

/** Resolved texts by tenant and locale: they come from this module's files, so each is made once. */
const resolvedTexts = new Map<string, MailTexts>()

/**
 * The texts of a tenant's mails in one locale: the base texts with the tenant's overrides. Made once per
 * tenant and locale (every mail asks); the answer is shared, and read only.
 */
export function tenantMailTexts(tenantSlug: string, locale: Locale): MailTexts {
  const key = `${tenantSlug}\u0000${locale}`
  let texts = resolvedTexts.get(key)
  if (!texts) {
    const tenant = Object.hasOwn(TENANT_TEXTS, tenantSlug) ? TENANT_TEXTS[tenantSlug] : undefined
    texts = resolveMailTexts(locale, { base: BASE_TEXTS, tenant })
    resolvedTexts.set(key, texts)
  }
  return texts
}

/**
 * The texts for one locale: German base ← base of the locale ← the tenant's override for the locale.
 * Keys missing in a layer fall back to the layer below (finally German); arrays are replaced whole.
 * A key that the German base lacks is a typo and throws.
 */
export function resolveMailTexts(
  locale: Locale,
  sources: {
    base: { de: MailTexts } & Partial<Record<Locale, MailTextOverride>>
    tenant?: Partial<Record<Locale, MailTextOverride>>
  },
): MailTexts {
  let texts: unknown = sources.base.de
  if (locale !== 'de') texts = deepMerge(texts, sources.base[locale], locale)
  texts = deepMerge(texts, sources.tenant?.[locale], `tenant.${locale}`)
  return texts as MailTexts
}

function deepMerge(target: unknown, override: unknown, path: string): unknown {
  if (override === undefined) return target
  if (isPlainObject(target) && isPlainObject(override)) {
    const merged: Record<string, unknown> = { ...target }
    for (const [key, value] of Object.entries(override)) {
      if (!(key in target)) throw new Error(`Unknown mail text key "${path}.${key}"`)
      merged[key] = deepMerge(target[key], value, `${path}.${key}`)
    }
    return merged
  }
  if (Array.isArray(target) !== Array.isArray(override) || typeof target !== typeof override) {
    throw new Error(`Mail text "${path}" has the wrong type`)
  }
  return override
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
