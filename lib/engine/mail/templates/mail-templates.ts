/**
 * The registry of the account mails: every template, the vars each needs (links, values) and how it
 * greets. The texts are in texts/{de,en}.json (mail-texts.ts), the rendering in render-mail.ts.
 */

export const MAIL_TEMPLATES = [
  'welcome',
  'accountExists',
  'resetPassword',
  'loginLink',
  'passwordChanged',
  'newsletterOptin',
  'recommendationWelcome',
  'recommendationOptin',
  'recommendationCreated',
  'recipientConfirm',
  'friendConfirmed',
  'friendOrdered',
  'contactRequest',
  'contactReceipt',
  'rewardReady',
  'rewardBankData',
  'rewardVoucher',
  'rewardPaid',
  'rewardExpiryReminder',
  'goodwillClaim',
  'goodwillReceipt',
  'invitation',
] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

/** vorname and nachname are needed by every template that greets by name (MAIL_TEMPLATE_GREETS_BY_NAME). */
export type MailVars = { anrede?: string; vorname?: string; nachname?: string } & Record<string, string>

/**
 * Per template: the button's link var (null: no button), the further links (in order) and every other
 * var it needs. `greeting: 'own'` greets with the template's own greeting text instead of by name, so
 * vorname and nachname are not needed (mails to the tenant's support, to a contact form's sender).
 */
export type TemplateSpec = {
  button: string | null
  links: readonly string[]
  values: readonly string[]
  greeting?: 'own'
}
export const MAIL_TEMPLATE_SPECS = {
  welcome: { button: 'setPasswordLink', links: ['loginLink'], values: ['gueltigkeit'] },
  accountExists: { button: 'loginPageLink', links: ['forgotLink'], values: [] },
  resetPassword: { button: 'resetLink', links: ['loginLink'], values: ['gueltigkeit'] },
  loginLink: { button: 'loginLink', links: [], values: ['gueltigkeit'] },
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
  friendConfirmed: { button: 'dashboardLink', links: [], values: ['freund', 'produkt'] },
  friendOrdered: { button: 'dashboardLink', links: [], values: ['freund', 'produkt'] },
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
  invitation: { button: 'invitationLink', links: ['unsubscribeLink'], values: ['agentur', 'gueltigBis'] },
} as const satisfies Record<MailTemplate, TemplateSpec>

/** The vars each template needs besides vorname, nachname (and the optional anrede). */
const varsOf = (spec: TemplateSpec): readonly string[] => [
  ...(spec.button ? [spec.button] : []),
  ...spec.links,
  ...spec.values,
]
export const MAIL_TEMPLATE_VARS: Readonly<Record<MailTemplate, readonly string[]>> = Object.fromEntries(
  Object.entries(MAIL_TEMPLATE_SPECS).map(([template, spec]) => [template, varsOf(spec as TemplateSpec)]),
) as Record<MailTemplate, readonly string[]>

/** Whether a template greets by name, and so needs vorname and nachname. */
export const MAIL_TEMPLATE_GREETS_BY_NAME: Readonly<Record<MailTemplate, boolean>> = Object.fromEntries(
  Object.entries(MAIL_TEMPLATE_SPECS).map(([template, spec]) => [
    template,
    (spec as TemplateSpec).greeting !== 'own',
  ]),
) as Record<MailTemplate, boolean>

/** The vars every template may use: the greeting's, then those filled from the tenant's settings. */
export const NAME_VARS = ['anrede', 'vorname', 'nachname'] as const
export const BUILTIN_VARS = ['mandant', 'programm', 'support', 'produktkategorie', 'mandantUrl'] as const
