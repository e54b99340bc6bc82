import 'server-only'
import { statusOf, type ErrorCode } from '@/lib/shared/errors'
import type { HandlerMeta } from '@/lib/engine/http/api-handler'

/**
 * What the description says of one call that follows from its route file and declaration alone: its
 * path, operationId, tag, summary, security and the error codes its options imply. No call is listed
 * here: each comes from the route files and handlerMeta (lib/engine/http/openapi/document.ts).
 */

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
export type Method = (typeof METHODS)[number]

/** A route file's folder ("[tenant]/empfehlen/[nr]") as its segments. */
export type Segment = { param: string } | { text: string }

export function segmentsOf(key: string): Segment[] {
  return key.split('/').map((part) => {
    const param = /^\[(\w+)\]$/.exec(part)?.[1]
    return param ? { param } : { text: part }
  })
}

/** A catch-all route ([[...rest]]) answers paths that have no call: it is not one. */
export const isCatchAll = (key: string) => /\[\[?\.\.\./.test(key)

export const pathOf = (segments: Segment[]) =>
  `/${segments.map((s) => ('param' in s ? `{${s.param}}` : s.text)).join('/')}`

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

/** "GET [tenant]/empfehlen/[nr]" → getEmpfehlenByNr (the tenant, in every path, left out). */
export function operationIdOf(method: Method, segments: Segment[]): string {
  const words = segments
    .filter((s) => !('param' in s && s.param === 'tenant' && segments[0] === s))
    .map((s) => ('param' in s ? `By${pascal(s.param)}` : pascal(s.text)))
  return `${method.toLowerCase()}${words.join('')}`
}

/** The aggregates, as tags. */
export const TAGS = {
  account: 'Registration, login, password and language of a referrer',
  referrer: "The logged-in referrer's account: newsletter, bank data, customer number, deletion",
  catalog: 'Products, categories, campaigns and reward periods, with their pictures',
  recommendation: 'Recommendations: create, share, follow a link or a code',
  recipient: "The recommended friend's data, confirmation, consent and order",
  rewards: 'Rewards owed and collected, with the reward account',
  goodwill: 'Goodwill claims (a reward went missing)',
  contact: 'The contact form',
  content: "The tenant's content: pages, blocks, FAQ, footnotes, texts, images",
  captcha: 'Captcha challenges',
  orders: "The provider's order reports",
  operator: 'Support tools and imports of the operator',
  agency: 'The agency area: single sign-on, token check, reports and views of an agency (SPEC §6)',
  tenant: "The tenant's configuration and route table",
  api: 'This description',
} as const
export type Tag = keyof typeof TAGS

/** The tag of a path by its first fixed segments (the longest prefix that matches). */
export const TAG_OF_PREFIX: Record<string, Tag> = {
  account: 'account',
  empfehler: 'referrer',
  'empfehler/empfehlungen': 'recommendation',
  'empfehler/teilnahme': 'recommendation',
  'empfehler/empfehlungen/showbanner': 'rewards',
  'empfehler/praemierungmail': 'rewards',
  'empfehler/kulanz': 'goodwill',
  aktion: 'catalog',
  praemie: 'catalog',
  produkt: 'catalog',
  produktkategorie: 'catalog',
  empfehlen: 'recommendation',
  empfehlung: 'recommendation',
  empfaenger: 'recipient',
  tracking: 'recipient',
  praemierung: 'rewards',
  kontakt: 'contact',
  content: 'content',
  captcha: 'captcha',
  auftraege: 'orders',
  operator: 'operator',
  agentur: 'agency',
  einladung: 'agency',
  'token/verifyAgenturToken': 'agency',
  route: 'tenant',
  mandant: 'tenant',
  'openapi.json': 'api',
}

export function tagPrefixOf(segments: Segment[]): string | undefined {
  const texts = segments.flatMap((s, i) => ('text' in s ? [s.text] : i === 0 ? [] : ['{}']))
  for (let n = texts.length; n > 0; n--) {
    const prefix = texts.slice(0, n).join('/')
    if (prefix in TAG_OF_PREFIX) return prefix
  }
  return undefined
}

/**
 * The summary of one method from the route file's header comment, whose entries read
 * "GET, PUT /api/v1/{tenant}/… — what it does" (continued on the following lines); a method no entry
 * names gets the first entry's text. The description is the whole comment.
 */
export function summaryOf(comment: string, method: Method): { summary: string; description: string } {
  const entries: { methods: string[]; text: string }[] = []
  for (const line of comment.split('\n')) {
    const head = /^((?:GET|POST|PUT|DELETE|PATCH)\b.*?) — (.*)$/.exec(line)
    if (head && /^[A-Z]+[ ,]/.test(line)) {
      const methods = [...head[1]!.matchAll(/\b(GET|POST|PUT|DELETE|PATCH)\b(?=[\s,]+(?:\/|[A-Z]))/g)]
      entries.push({ methods: methods.map((m) => m[1]!), text: head[2]! })
    } else if (entries.length > 0) entries[entries.length - 1]!.text += ` ${line.trim()}`
  }
  const entry = entries.find((e) => e.methods.includes(method)) ?? entries[0]
  return { summary: entry?.text.trim() ?? '', description: comment.replace(/\n(?![A-Z]+[ ,])/g, ' ') }
}

/** Who may call: OpenAPI security requirements (alternatives) from the declared `auth`. */
export function securityOf(meta: HandlerMeta, tenantScoped: boolean): Record<string, string[]>[] {
  // Tokens are verified against a tenant: a call outside every tenant reads none.
  if (!tenantScoped || meta.fromServer) return []
  if (meta.auth === 'operator') return [{ operatorKey: [] }]
  if (meta.auth === 'provider') return [{ providerKey: [] }, { operatorKey: [] }]
  // A public call verifies a token that was sent, and may answer the caller differently.
  if (meta.auth === 'public') return [{}, { bearerToken: [] }]
  return [{ bearerToken: [...meta.auth] }, ...(meta.rewardToken ? [{ rewardLinkToken: [] }] : [])]
}

export const SECURITY_SCHEMES = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A session token of the tenant: a referrer's (POST /account/login) or a recipient's (PUT " +
      '/empfaenger/bestaetigen). A requirement lists the roles it admits. An ended session answers PSOF0204.',
  },
  rewardLinkToken: { type: 'http', scheme: 'bearer', description: "A reward link's own token (SPEC §6)." },
  operatorKey: { type: 'http', scheme: 'bearer', description: "The operator's API key (OPERATOR_API_KEY)." },
  providerKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A provider key of the tenant (POST /{tenant}/operator/anbieterschluessel), or the operator's.",
  },
} as const

export type Inputs = { body: boolean; query: boolean; params: boolean; email: boolean }

/** The codes a call answers: those its options imply (apiHandler's order of checks), then its own. */
export function errorsOf(meta: HandlerMeta, method: Method, tenantScoped: boolean, inputs: Inputs) {
  const codes = new Set<ErrorCode>(['Default'])
  if (tenantScoped) codes.add('MandantUnbekannt')
  if ((method !== 'GET' || meta.sendsMail) && !meta.fromServer) {
    codes.add('AnfrageUnvollstaendig')
    codes.add('NichtAuthorisiert')
  }
  // A refused key or token; a public call refuses a token that was sent and fails.
  if (tenantScoped) codes.add(meta.authError ?? 'PSOF0204')
  if (Array.isArray(meta.auth)) codes.add(meta.authError ?? 'NichtAuthorisiert')
  if (meta.rewardToken) {
    codes.add('PraemieTokenUngueltig')
    codes.add('PraemieTokenAbgelaufen')
  }
  if (inputs.body || inputs.query || inputs.params) codes.add('UngueltigeEingabe')
  if (inputs.email) codes.add('EmailUngueltig')
  if (inputs.body) codes.add('ZuGross')
  for (const code of meta.errors ?? []) codes.add(code)
  return [...codes].sort((a, b) => statusOf(a) - statusOf(b) || a.localeCompare(b))
}
