import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { LOCALES, type Locale } from '@/lib/i18n/config'
import { tenantSettingsSchema, type TenantSettings } from '@/lib/shared/tenants/settings'
import {
  MAIL_TEMPLATES,
  MAIL_TEMPLATE_GREETS_BY_NAME,
  MAIL_TEMPLATE_VARS,
  type MailTemplate,
  type MailVars,
} from '@/lib/engine/mail/templates/mail-templates'
import { resolveMailTexts, type MailTexts } from '@/lib/engine/mail/templates/mail-texts'
import { renderMail, renderMailWithTexts } from '@/lib/engine/mail/templates/render-mail'
import de from '@/lib/engine/mail/templates/texts/de.json'
import en from '@/lib/engine/mail/templates/texts/en.json'

const TENANTS = DEMO_TENANTS.map((t) => ({ slug: t.slug, settings: tenantSettingsSchema.parse(t.settings) }))
const demo = TENANTS.find((t) => t.slug === 'demo')!
const closed = TENANTS.find((t) => t.slug === 'demo-closed')!

/** A value for every var any template may need: links are https URLs with a query string. */
function varsFor(template: MailTemplate, extra: Partial<MailVars> = {}): MailVars {
  const vars: MailVars = { anrede: 'Frau', vorname: 'Anna', nachname: 'Beispiel' }
  for (const name of MAIL_TEMPLATE_VARS[template]) {
    vars[name] = name.endsWith('Link')
      ? `https://empfehlen.lumenta.example/${template}/${name}?token=abc123&x=1`
      : name === 'gueltigkeit'
        ? '29.11.2026, 11:40 Uhr'
        : '12.03.2026 um 14:05 Uhr'
  }
  return { ...vars, ...extra } as MailVars
}

const render = (
  template: MailTemplate,
  tenant = demo,
  locale: Locale = 'de',
  vars: MailVars = varsFor(template),
) => renderMail(template, { tenantSlug: tenant.slug, settings: tenant.settings, locale, vars })

/** The shape of a JSON value: object keys recursively, arrays and strings by kind. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
    )
  }
  return typeof value
}

/** Every string leaf with its path. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (Array.isArray(value)) return [[path, value.join(' ')]]
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`))
  }
  return []
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('renderMail', () => {
  describe.each(TENANTS.map((t) => [t.slug, t] as const))('tenant %s', (_slug, tenant) => {
    it.each(MAIL_TEMPLATES.flatMap((t) => LOCALES.map((l) => [t, l] as const)))(
      'renders %s in %s with every placeholder filled',
      (template, locale) => {
        const mail = render(template, tenant, locale)
        for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/[{}]/)
        expect(mail.subject.length).toBeGreaterThan(10)
        expect(mail.html).toContain(tenant.settings.Name)
        expect(mail.text).toContain(tenant.settings.Name)
        expect(mail.html).toMatch(/^<!DOCTYPE html>/)
        expect(mail.html).toContain(`<html lang="${locale}"`)
        expect(mail.html).toContain('<title>')
        expect(mail.from).toBe(`"${tenant.settings.Name}" <${tenant.settings.SupportEmail}>`)
      },
    )
  })

  it('has the exact German welcome subject', () => {
    expect(render('welcome').subject).toBe(
      'Willkommen beim Lumenta Freunde-Bonus: Bitte schließen Sie Ihre Registrierung ab',
    )
    expect(render('welcome', closed).subject).toBe(
      'Willkommen beim Fjordnet Kunden werben Kunden: Bitte schließen Sie Ihre Registrierung ab',
    )
  })

  it('greets with the salutation in the locale, or by full name without a known one', () => {
    expect(render('welcome').text).toContain('Guten Tag Frau Beispiel,')
    expect(render('welcome', demo, 'en').text).toContain('Dear Ms Beispiel,')
    const noAnrede = varsFor('welcome', { anrede: '' })
    expect(render('welcome', demo, 'de', noAnrede).text).toContain('Hallo Anna Beispiel,')
    expect(render('welcome', demo, 'en', noAnrede).text).toContain('Hello Anna Beispiel,')
    const divers = varsFor('welcome', { anrede: 'Divers' })
    expect(render('welcome', demo, 'de', divers).text).toContain('Hallo Anna Beispiel,')
  })

  it('applies the tenant override for demo-closed only, per locale', () => {
    expect(render('welcome', closed).text).toContain(
      'Beste Grüße aus dem Norden\nIhr Fjordnet Kunden werben Kunden-Team',
    )
    expect(render('welcome', closed).html).toContain('Beste Grüße aus dem Norden<br>')
    expect(render('welcome', closed).text).toContain('Moin und willkommen bei Fjordnet!')
    expect(render('resetPassword', closed, 'en').text).toContain('Best wishes from the north')
    expect(render('welcome', demo).text).toContain('Viele Grüße\nIhr Team von Lumenta Freunde-Bonus')
    expect(render('welcome', demo).text).not.toContain('Norden')
    expect(render('welcome', demo).text).toContain('Willkommen beim Lumenta Freunde-Bonus')
  })

  it('falls back to German for a key the locale lacks', () => {
    const { heading: _heading, ...welcomeWithoutHeading } = en.welcome
    void _heading
    const partialEn = { ...en, welcome: welcomeWithoutHeading }
    const texts = resolveMailTexts('en', { base: { de, en: partialEn } })
    const mail = renderMailWithTexts('welcome', {
      texts,
      settings: demo.settings,
      locale: 'en',
      vars: varsFor('welcome'),
    })
    expect(mail.text).toContain('Willkommen beim Lumenta Freunde-Bonus')
    expect(mail.subject).toBe('Welcome to Lumenta Freunde-Bonus: please complete your registration')
  })

  it('refuses an override key the base does not have', () => {
    expect(() => resolveMailTexts('de', { base: { de }, tenant: { de: { signof: 'x' } as never } })).toThrow(
      /Unknown mail text key/,
    )
  })

  it('escapes names in the HTML and keeps them as-is in the text', () => {
    const evil = varsFor('welcome', {
      anrede: '',
      vorname: '<script>alert(1)</script>',
      nachname: 'O"Neil & Co',
    })
    const mail = render('welcome', demo, 'de', evil)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Neil &amp; Co')
    expect(mail.text).toContain('Hallo <script>alert(1)</script> O"Neil & Co,')
  })

  it('escapes tenant values and link URLs in the HTML', () => {
    const settings: TenantSettings = { ...demo.settings, Name: 'A & B <Telekom> "X"' }
    const mail = renderMail('welcome', {
      tenantSlug: 'demo',
      settings,
      locale: 'de',
      vars: varsFor('welcome'),
    })
    expect(mail.html).toContain('A &amp; B &lt;Telekom&gt; &quot;X&quot;')
    expect(mail.html).not.toContain('<Telekom>')
    expect(mail.from).toBe('"A & B <Telekom> \\"X\\"" <empfehlen@lumenta.example>')
    expect(mail.html).toContain(
      'href="https://empfehlen.lumenta.example/welcome/setPasswordLink?token=abc123&amp;x=1"',
    )
  })

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.example', '/relative', ''])(
    'throws for the link %p',
    (link) => {
      expect(() => render('welcome', demo, 'de', varsFor('welcome', { setPasswordLink: link }))).toThrow()
      expect(() => render('welcome', demo, 'de', varsFor('welcome', { loginLink: link }))).toThrow()
    },
  )

  it('throws for a missing var', () => {
    for (const template of MAIL_TEMPLATES) {
      const names = MAIL_TEMPLATE_GREETS_BY_NAME[template] ? ['vorname', 'nachname'] : []
      for (const name of [...names, ...MAIL_TEMPLATE_VARS[template]]) {
        const vars = varsFor(template)
        delete vars[name]
        expect(() => render(template, demo, 'de', vars)).toThrow(new RegExp(`missing var "${name}"`))
      }
    }
  })

  it('throws for an unknown or malformed placeholder in a text', () => {
    const typo = resolveMailTexts('de', {
      base: { de },
      tenant: { de: { welcome: { heading: 'Willkommen {vornme}' } } },
    })
    const args = { texts: typo, settings: demo.settings, locale: 'de' as const, vars: varsFor('welcome') }
    expect(() => renderMailWithTexts('welcome', args)).toThrow(/unknown placeholder "\{vornme\}"/)
    // A var of another template is not allowed either, even though the caller passed it.
    const foreign: MailTexts = { ...de, welcome: { ...de.welcome, heading: '{zeitpunkt}' } }
    expect(() =>
      renderMailWithTexts('welcome', { ...args, texts: foreign, vars: { ...args.vars, zeitpunkt: 'x' } }),
    ).toThrow(/unknown placeholder/)
    const broken: MailTexts = { ...de, signoff: 'Viele Grüße {programm' }
    expect(() => renderMailWithTexts('welcome', { ...args, texts: broken })).toThrow(/Malformed placeholder/)
  })

  it('writes every link in full in the text version and as a visible link in the HTML', () => {
    for (const template of MAIL_TEMPLATES) {
      for (const locale of LOCALES) {
        const vars = varsFor(template)
        const mail = render(template, closed, locale, vars)
        for (const name of MAIL_TEMPLATE_VARS[template].filter((n) => n.endsWith('Link'))) {
          expect(mail.text).toContain(`\n${vars[name]}\n`)
          const escaped = vars[name]!.replace(/&/g, '&amp;')
          expect(mail.html).toContain(`href="${escaped}"`)
          expect(mail.html).toContain(`>${escaped}</a>`)
        }
      }
    }
  })

  it('uses the brand colour of the tenant', () => {
    expect(render('welcome', demo).html).toContain('background-color:#7a1f5c')
    expect(render('welcome', closed).html).toContain('background-color:#0b4f6c')
  })

  it('never needs a password in a mail: every var is a link, a validity, a time, a product name, a reward fact, a request field or the inviting agency', () => {
    const contactFields = ['absender', 'absenderEmail', 'betreff', 'nachricht', 'sprache']
    const rewardFields = ['praemie', 'anlass', 'abholbarBis', 'gutscheincode', 'anbieter', 'ziel']
    const goodwillFields = ['freund', 'auftragsdatum', 'auftragsnummer', 'empfehlung']
    const known = ['gueltigkeit', 'gueltigBis', 'zeitpunkt', 'produkt', 'empfehler', 'agentur']
    for (const template of MAIL_TEMPLATES) {
      for (const name of MAIL_TEMPLATE_VARS[template]) {
        expect(
          name.endsWith('Link') ||
            [...known, ...contactFields, ...rewardFields, ...goodwillFields].includes(name),
        ).toBe(true)
        expect(name).not.toMatch(/(passwor[dt]|kennwort|pwd|secret)$/i)
      }
    }
  })
})

describe('mail texts', () => {
  it('have the same key structure in German and English', () => {
    expect(shape(en)).toEqual(shape(de))
  })

  it('use the same placeholders in German and English', () => {
    const enLeaves = new Map(leaves(en))
    for (const [path, text] of leaves(de)) {
      expect([path, placeholdersOf(enLeaves.get(path) ?? '')]).toEqual([path, placeholdersOf(text)])
    }
  })

  it('have texts for every template and no others', () => {
    const shared = ['anreden', 'buttonFallback', 'footer', 'greeting', 'signoff']
    expect(Object.keys(de).sort()).toEqual([...shared, ...MAIL_TEMPLATES].sort())
  })
})

describe('contact mails', () => {
  const request: MailVars = {
    absender: 'Erika <Probe>',
    absenderEmail: 'erika.probe@example.org',
    betreff: 'Frage zur Prämie',
    nachricht: 'Erste Zeile & mehr\nZweite Zeile <b>fett</b>',
    sprache: 'EN',
    zeitpunkt: '12.03.2026, 14:05 Uhr',
  }

  it('writes the request to support with every field, the message escaped and its lines kept, and no button', () => {
    const mail = render('contactRequest', demo, 'de', request)
    expect(mail.subject).toBe('Kontaktanfrage: Frage zur Prämie')
    expect(mail.text).toContain('Guten Tag,')
    expect(mail.text).toContain(
      'Name: Erika <Probe>\nE-Mail-Adresse: erika.probe@example.org\nSprache: EN\nBetreff: Frage zur Prämie',
    )
    expect(mail.text).toContain('Nachricht:\nErste Zeile & mehr\nZweite Zeile <b>fett</b>')
    expect(mail.text).toContain('Bitte antworten Sie an erika.probe@example.org')
    expect(mail.html).toContain('Erste Zeile &amp; mehr<br>Zweite Zeile &lt;b&gt;fett&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>fett</b>')
    // No button: the only link is the tenant's address in the footer.
    expect(mail.html.match(/href="[^"]*"/g)).toEqual([`href="${demo.settings.MandantUrl}"`])
    expect(mail.text).not.toMatch(/Falls die Schaltfläche nicht funktioniert/)
    expect(mail.html).not.toMatch(/Falls die Schaltfläche nicht funktioniert/)
  })

  it('keeps line breaks out of the subject', () => {
    const mail = render('contactRequest', demo, 'en', { ...request, betreff: 'Eins\r\nBcc: x@example.org' })
    expect(mail.subject).toBe('Contact request: Eins Bcc: x@example.org')
  })

  it('answers the sender with a receipt that greets by the name and repeats nothing else they typed', () => {
    const vars: MailVars = {
      absender: 'Erika Probe',
      zeitpunkt: '12.03.2026, 14:05 Uhr',
      faqLink: 'https://empfehlen.lumenta.example/faq',
    }
    const de = render('contactReceipt', demo, 'de', vars)
    expect(de.subject).toBe('Ihre Anfrage an Lumenta Telekom ist eingegangen')
    expect(de.text).toContain('Hallo Erika Probe,')
    expect(de.text).toContain('Ihre Anfrage ist bei uns eingegangen. Vielen Dank.')
    expect(de.text).toContain('Häufige Fragen ansehen:\nhttps://empfehlen.lumenta.example/faq')
    const en = render('contactReceipt', closed, 'en', vars)
    expect(en.subject).toBe('Your enquiry to Fjordnet has been received')
    expect(en.text).toContain('Hello Erika Probe,')
    expect(en.text).toContain('Your enquiry has been received. Thank you.')
    expect(en.text).toContain('Best wishes from the north')
  })

  it('needs neither vorname nor nachname, as it does not greet by them', () => {
    expect(MAIL_TEMPLATE_GREETS_BY_NAME.contactRequest).toBe(false)
    expect(MAIL_TEMPLATE_GREETS_BY_NAME.contactReceipt).toBe(false)
    expect(MAIL_TEMPLATE_GREETS_BY_NAME.welcome).toBe(true)
    expect(() => render('contactRequest', demo, 'de', request)).not.toThrow()
  })
})
