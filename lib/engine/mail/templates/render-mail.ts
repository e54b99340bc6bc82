import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import type { BrandVariant, TenantSettings } from '@/lib/shared/tenants/settings'
import closedDe from './tenants/demo-closed/de.json'
import closedEn from './tenants/demo-closed/en.json'
import de from './texts/de.json'
import en from './texts/en.json'

/**
 * Pure renderer of the referrers' account mails: texts per locale (texts/*.json), optionally overridden per
 * tenant (tenants/<slug>/*.json), placeholders `{name}` filled from the tenant settings and the mail's vars.
 * Every value is HTML-escaped in the HTML part; links must be http(s). No filesystem reads at runtime.
 */

export const MAIL_TEMPLATES = [
  'welcome',
  'accountExists',
  'resetPassword',
  'passwordChanged',
  'newsletterOptin',
  'recommendationWelcome',
  'recommendationOptin',
  'recommendationCreated',
  'recipientConfirm',
  'contactRequest',
  'contactReceipt',
  'rewardReady',
  'rewardBankData',
  'rewardVoucher',
  'rewardPaid',
  'rewardExpiryReminder',
  'goodwillClaim',
  'goodwillReceipt',
] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

/** vorname and nachname are needed by every template that greets by name (MAIL_TEMPLATE_GREETS_BY_NAME). */
export type MailVars = { anrede?: string; vorname?: string; nachname?: string } & Record<string, string>
export type RenderedMail = { from: string; subject: string; html: string; text: string }

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

/**
 * Per template: the button's link var (null: no button), the further links (in order) and every other
 * var it needs. `greeting: 'own'` greets with the template's own greeting text instead of by name, so
 * vorname and nachname are not needed (mails to the tenant's support, to a contact form's sender).
 */
type TemplateSpec = {
  button: string | null
  links: readonly string[]
  values: readonly string[]
  greeting?: 'own'
}
const SPECS = {
  welcome: { button: 'setPasswordLink', links: ['loginLink'], values: ['gueltigkeit'] },
  accountExists: { button: 'loginPageLink', links: ['forgotLink'], values: [] },
  resetPassword: { button: 'resetLink', links: ['loginLink'], values: ['gueltigkeit'] },
  passwordChanged: { button: 'forgotLink', links: [], values: ['zeitpunkt'] },
  newsletterOptin: { button: 'optinLink', links: ['optoutLink'], values: [] },
  recommendationWelcome: {
    button: 'confirmLink',
    links: ['setPasswordLink'],
    values: ['produkt', 'gueltigkeit'],
  },
  recommendationOptin: { button: 'confirmLink', links: [], values: ['produkt', 'gueltigkeit'] },
  recommendationCreated: {
    button: 'shareLink',
    links: ['recommendationLink'],
    values: ['produkt', 'gueltigBis'],
  },
  recipientConfirm: { button: 'confirmLink', links: [], values: ['produkt', 'empfehler', 'gueltigkeit'] },
  contactRequest: {
    button: null,
    links: [],
    values: ['absender', 'absenderEmail', 'betreff', 'nachricht', 'sprache', 'zeitpunkt'],
    greeting: 'own',
  },
  contactReceipt: { button: 'faqLink', links: [], values: ['absender', 'zeitpunkt'], greeting: 'own' },
  rewardReady: { button: 'rewardLink', links: [], values: ['praemie', 'anlass', 'abholbarBis'] },
  rewardBankData: { button: 'rewardLink', links: [], values: ['praemie', 'anlass', 'abholbarBis'] },
  rewardVoucher: { button: 'dashboardLink', links: [], values: ['praemie', 'gutscheincode', 'anbieter'] },
  rewardPaid: { button: 'dashboardLink', links: [], values: ['praemie', 'ziel'] },
  rewardExpiryReminder: { button: 'rewardLink', links: [], values: ['praemie', 'abholbarBis'] },
  goodwillClaim: {
    button: null,
    links: [],
    values: [
      'absender',
      'absenderEmail',
      'freund',
      'auftragsdatum',
      'auftragsnummer',
      'empfehlung',
      'nachricht',
      'zeitpunkt',
    ],
    greeting: 'own',
  },
  goodwillReceipt: { button: 'dashboardLink', links: [], values: ['freund', 'zeitpunkt'] },
} as const satisfies Record<MailTemplate, TemplateSpec>

/** The vars each template needs besides vorname, nachname (and the optional anrede). */
const varsOf = (spec: TemplateSpec): readonly string[] => [
  ...(spec.button ? [spec.button] : []),
  ...spec.links,
  ...spec.values,
]
export const MAIL_TEMPLATE_VARS: Readonly<Record<MailTemplate, readonly string[]>> = {
  welcome: varsOf(SPECS.welcome),
  accountExists: varsOf(SPECS.accountExists),
  resetPassword: varsOf(SPECS.resetPassword),
  passwordChanged: varsOf(SPECS.passwordChanged),
  newsletterOptin: varsOf(SPECS.newsletterOptin),
  recommendationWelcome: varsOf(SPECS.recommendationWelcome),
  recommendationOptin: varsOf(SPECS.recommendationOptin),
  recommendationCreated: varsOf(SPECS.recommendationCreated),
  recipientConfirm: varsOf(SPECS.recipientConfirm),
  contactRequest: varsOf(SPECS.contactRequest),
  contactReceipt: varsOf(SPECS.contactReceipt),
  rewardReady: varsOf(SPECS.rewardReady),
  rewardBankData: varsOf(SPECS.rewardBankData),
  rewardVoucher: varsOf(SPECS.rewardVoucher),
  rewardPaid: varsOf(SPECS.rewardPaid),
  rewardExpiryReminder: varsOf(SPECS.rewardExpiryReminder),
  goodwillClaim: varsOf(SPECS.goodwillClaim),
  goodwillReceipt: varsOf(SPECS.goodwillReceipt),
}

/** Whether a template greets by name, and so needs vorname and nachname. */
export const MAIL_TEMPLATE_GREETS_BY_NAME: Readonly<Record<MailTemplate, boolean>> = Object.fromEntries(
  Object.entries(SPECS).map(([template, spec]) => [template, (spec as TemplateSpec).greeting !== 'own']),
) as Record<MailTemplate, boolean>

const NAME_VARS = ['anrede', 'vorname', 'nachname'] as const
const BUILTINS = ['mandant', 'programm', 'support', 'produktkategorie', 'mandantUrl'] as const

// The English texts must have the German key structure (checked by the compiler, and deeply by the tests).
const enTexts: typeof de = en
const BASE_TEXTS: { de: MailTexts } & Partial<Record<Locale, MailTextOverride>> = { de, en: enTexts }

/** Tenant overrides by slug and locale. */
const TENANT_TEXTS: Record<string, Partial<Record<Locale, MailTextOverride>>> = {
  'demo-closed': { de: closedDe, en: closedEn },
}

/** Mail-safe colours of the two brand variants (the primary colours of app/globals.css). */
const BRAND_COLOURS: Record<
  BrandVariant,
  { primary: string; onPrimary: string; surface: string; text: string; muted: string; border: string }
> = {
  aurora: {
    primary: '#7a1f5c',
    onPrimary: '#ffffff',
    surface: '#fbf6f9',
    text: '#1f1a1d',
    muted: '#5b5158',
    border: '#d9cbd4',
  },
  fjord: {
    primary: '#0b4f6c',
    onPrimary: '#ffffff',
    surface: '#f3f8fa',
    text: '#12222b',
    muted: '#4a5c66',
    border: '#c7d8df',
  },
}

const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif"

export function renderMail(
  template: MailTemplate,
  args: { tenantSlug: string; settings: TenantSettings; locale: Locale; vars: MailVars },
): RenderedMail {
  const texts = resolveMailTexts(args.locale, { base: BASE_TEXTS, tenant: TENANT_TEXTS[args.tenantSlug] })
  return renderMailWithTexts(template, {
    texts,
    settings: args.settings,
    locale: args.locale,
    vars: args.vars,
  })
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

/** Renders one template with already resolved texts (see resolveMailTexts). */
export function renderMailWithTexts(
  template: MailTemplate,
  args: { texts: MailTexts; settings: TenantSettings; locale: Locale; vars: MailVars },
): RenderedMail {
  const { texts, settings, locale, vars } = args
  const spec: TemplateSpec = SPECS[template]
  const t = texts[template]
  if (!t) throw new Error(`No texts for mail template "${template}"`)

  // Values: the tenant's built-ins, then the mail's vars (only those the template declares).
  const declared = [...NAME_VARS, ...MAIL_TEMPLATE_VARS[template]]
  const values: Record<string, string | undefined> = {
    mandant: settings.Name,
    programm: settings.ProgrammName,
    support: settings.SupportEmail,
    produktkategorie: settings.ProduktkategorieKurz,
    mandantUrl: settings.MandantUrl,
  }
  for (const name of declared) values[name] = vars[name]
  const allowed = new Set<string>([...BUILTINS, ...declared])

  const names = MAIL_TEMPLATE_GREETS_BY_NAME[template] ? ['vorname', 'nachname'] : []
  for (const name of [...names, ...MAIL_TEMPLATE_VARS[template]]) {
    if (!values[name]?.trim()) throw new Error(`Mail "${template}": missing var "${name}"`)
  }
  const linkVars = [...(spec.button ? [spec.button] : []), ...spec.links]
  for (const name of linkVars) values[name] = checkUrl(values[name]!, name)
  if (spec.button && !t.button) throw new Error(`Mail "${template}": no button label`)
  if (spec.greeting === 'own' && !t.greeting) throw new Error(`Mail "${template}": no greeting`)

  // Every text of the template is checked for typos, also those this mail does not show.
  const linkTexts = spec.links.map((name) => {
    const link = t.links?.[name]
    if (!link?.label) throw new Error(`Mail "${template}": no label for link "${name}"`)
    return { name, label: link.label, note: link.note }
  })
  const all = [
    t.subject,
    t.preheader,
    t.heading,
    t.greeting ?? '',
    ...t.paragraphs,
    t.button ?? '',
    ...linkTexts.flatMap((l) => [l.label, l.note ?? '']),
    ...(t.notes ?? []),
    texts.greeting.withAnrede,
    texts.greeting.withoutAnrede,
    texts.signoff,
    texts.buttonFallback,
    texts.footer.sender,
    texts.footer.support,
    texts.footer.automatic,
  ]
  for (const text of all) placeholders(text).forEach((name) => checkPlaceholder(name, allowed, template))

  // Salutation: a known one in the locale's wording, otherwise greet by full name.
  const anrede = vars.anrede?.trim()
  const anredeWord = anrede && Object.hasOwn(texts.anreden, anrede) ? texts.anreden[anrede] : undefined
  if (anredeWord) values.anrede = anredeWord
  const greeting =
    spec.greeting === 'own'
      ? t.greeting!
      : anredeWord
        ? texts.greeting.withAnrede
        : texts.greeting.withoutAnrede

  const fill = (text: string, escape: (s: string) => string) => interpolate(text, values, escape, template)
  const plain = (text: string) => fill(text, (s) => s)
  const html = (text: string) => fill(text, escapeHtml).replace(/\n/g, '<br>')

  const buttonUrl = spec.button ? values[spec.button]! : null
  const links = linkTexts.map((l) => ({ ...l, url: values[l.name]! }))
  const footer = [texts.footer.sender, texts.footer.support, texts.footer.automatic]
  const subject = plain(t.subject).replace(/[\r\n]+/g, ' ')

  const text = [
    plain(t.heading),
    plain(greeting),
    ...t.paragraphs.map(plain),
    ...(buttonUrl ? [`${plain(t.button!)}:\n${buttonUrl}`] : []),
    ...links.map((l) => [`${plain(l.label)}:`, l.url, ...(l.note ? [plain(l.note)] : [])].join('\n')),
    ...(t.notes ?? []).map(plain),
    plain(texts.signoff),
    `-- \n${footer.map(plain).join('\n')}\n${settings.MandantUrl}`,
  ].join('\n\n')

  return {
    from: `"${quoteDisplayName(settings.Name)}" <${settings.SupportEmail}>`,
    subject,
    html: htmlDocument({
      lang: locale,
      colours: BRAND_COLOURS[settings.BrandVariant] ?? BRAND_COLOURS.aurora,
      title: escapeHtml(subject),
      preheader: html(t.preheader),
      brand: escapeHtml(settings.Name),
      heading: html(t.heading),
      greeting: html(greeting),
      paragraphs: t.paragraphs.map(html),
      button: buttonUrl ? { label: html(t.button!), href: escapeHtml(buttonUrl) } : undefined,
      buttonFallback: html(texts.buttonFallback),
      links: links.map((l) => ({
        label: html(l.label),
        href: escapeHtml(l.url),
        note: l.note ? html(l.note) : undefined,
      })),
      notes: (t.notes ?? []).map(html),
      signoff: html(texts.signoff),
      footer: footer.map(html),
      mandantUrl: isHttpUrl(settings.MandantUrl) ? escapeHtml(settings.MandantUrl) : undefined,
    }),
    text,
  }
}

const PLACEHOLDER = /\{([^{}]*)\}|[{}]/g
const NAME = /^[A-Za-z][A-Za-z0-9]*$/

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => {
    if (m[1] === undefined || !NAME.test(m[1]))
      throw new Error(`Malformed placeholder in mail text "${text}"`)
    return m[1]
  })
}

function checkPlaceholder(name: string, allowed: Set<string>, template: MailTemplate) {
  if (!allowed.has(name)) throw new Error(`Mail "${template}": unknown placeholder "{${name}}"`)
}

/** One pass: values are never themselves searched for placeholders. */
function interpolate(
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

function isHttpUrl(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

function checkUrl(value: string, name: string): string {
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
function quoteDisplayName(name: string): string {
  return name
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .trim()
}

type HtmlParts = {
  lang: Locale
  colours: (typeof BRAND_COLOURS)[BrandVariant]
  title: string
  preheader: string
  brand: string
  heading: string
  greeting: string
  paragraphs: string[]
  button?: { label: string; href: string }
  buttonFallback: string
  links: { label: string; href: string; note?: string }[]
  notes: string[]
  signoff: string
  footer: string[]
  mandantUrl?: string
}

/** Every argument is already escaped HTML. Table layout and inline styles for mail clients. */
function htmlDocument(p: HtmlParts): string {
  const c = p.colours
  const para = (content: string, extra = '') =>
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${c.text};${extra}">${content}</p>`
  const link = (href: string) =>
    `<a href="${href}" style="color:${c.primary};text-decoration:underline;word-break:break-all;">${href}</a>`
  // Invisible filler after the preheader keeps clients from showing the body text in the preview.
  const filler = '&#847;&zwnj;&nbsp;'.repeat(40)
  const buttonBlock = (
    button: { label: string; href: string },
    fallback: string,
  ) => `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;">
<tr>
<td align="center" bgcolor="${c.primary}" style="background-color:${c.primary};border-radius:6px;">
<a href="${button.href}" target="_blank" style="display:inline-block;padding:14px 28px;border:1px solid ${c.primary};border-radius:6px;background-color:${c.primary};font-family:${FONT};font-size:16px;line-height:20px;font-weight:bold;color:${c.onPrimary};text-decoration:none;">${button.label}</a>
</td>
</tr>
</table>
${para(`${fallback}<br>${link(button.href)}`, `font-size:14px;line-height:20px;color:${c.muted};`)}`

  return `<!DOCTYPE html>
<html lang="${p.lang}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${p.title}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${c.surface};">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${p.preheader}${filler}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${c.surface};">
<tr>
<td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid ${c.border};">
<tr>
<td bgcolor="${c.primary}" style="background-color:${c.primary};padding:20px 32px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:bold;color:${c.onPrimary};">${p.brand}</td>
</tr>
<tr>
<td style="padding:32px 32px 16px 32px;">
<h1 style="margin:0 0 24px 0;font-family:${FONT};font-size:24px;line-height:32px;font-weight:bold;color:${c.primary};">${p.heading}</h1>
${para(p.greeting)}
${p.paragraphs.map((x) => para(x)).join('\n')}
${p.button ? buttonBlock(p.button, p.buttonFallback) : ''}
${p.links
  .map(
    (l) =>
      para(`<strong>${l.label}</strong><br>${link(l.href)}`, l.note ? 'margin-bottom:4px;' : '') +
      (l.note ? '\n' + para(l.note, `font-size:14px;line-height:20px;color:${c.muted};`) : ''),
  )
  .join('\n')}
${p.notes.map((x) => para(x)).join('\n')}
${para(p.signoff, 'margin:24px 0 16px 0;')}
</td>
</tr>
<tr>
<td style="padding:16px 32px 24px 32px;border-top:1px solid ${c.border};font-family:${FONT};font-size:12px;line-height:18px;color:${c.muted};">
${p.footer.join('<br>\n')}${p.mandantUrl ? `<br>\n<a href="${p.mandantUrl}" style="color:${c.muted};text-decoration:underline;">${p.mandantUrl}</a>` : ''}
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`
}
