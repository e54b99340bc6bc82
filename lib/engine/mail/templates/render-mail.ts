import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import { BRAND_COLOURS } from '@/lib/shared/tenants/brand-colours'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { htmlDocument } from './html-layout'
import {
  checkPlaceholders,
  checkUrl,
  escapeHtml,
  interpolate,
  isHttpUrl,
  quoteDisplayName,
} from './interpolate'
import {
  BUILTIN_VARS,
  MAIL_TEMPLATE_GREETS_BY_NAME,
  MAIL_TEMPLATE_SPECS,
  MAIL_TEMPLATE_VARS,
  NAME_VARS,
  type MailTemplate,
  type MailVars,
  type TemplateSpec,
} from './mail-templates'
import { tenantMailTexts, type MailTexts } from './mail-texts'

/**
 * Pure renderer of the referrers' account mails: the template's texts in the tenant's wording and
 * locale (mail-texts.ts), placeholders `{name}` filled from the tenant settings and the mail's vars
 * (interpolate.ts), laid out in the tenant's brand colours (html-layout.ts). Every value is HTML-escaped
 * in the HTML part; links must be http(s).
 */

export type RenderedMail = { from: string; subject: string; html: string; text: string }

/** The templates whose placeholders were found valid, per texts object. */
const placeholdersChecked = new WeakMap<MailTexts, Set<MailTemplate>>()

export function renderMail(
  template: MailTemplate,
  args: { tenantSlug: string; settings: TenantSettings; locale: Locale; vars: MailVars },
): RenderedMail {
  return renderMailWithTexts(template, {
    texts: tenantMailTexts(args.tenantSlug, args.locale),
    settings: args.settings,
    locale: args.locale,
    vars: args.vars,
  })
}

/** Renders one template with already resolved texts (see resolveMailTexts). */
export function renderMailWithTexts(
  template: MailTemplate,
  args: { texts: MailTexts; settings: TenantSettings; locale: Locale; vars: MailVars },
): RenderedMail {
  const { texts, settings, locale, vars } = args
  const spec: TemplateSpec = MAIL_TEMPLATE_SPECS[template]
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
  const allowed = new Set<string>([...BUILTIN_VARS, ...declared])

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
  // The check depends only on the texts and the template: once per pair (texts are shared, read only).
  const checked = placeholdersChecked.get(texts) ?? new Set<MailTemplate>()
  if (!checked.has(template)) {
    checkPlaceholders(all, allowed, template)
    checked.add(template)
    placeholdersChecked.set(texts, checked)
  }

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
