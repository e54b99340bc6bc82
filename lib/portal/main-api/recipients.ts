import 'server-only'
import {
  bankDataRequestSchema,
  bankDataResponseSchema,
  confirmRecipientResponseSchema,
  createdRecipientSchema,
  landingSchema,
  recipientConsentRequestSchema,
  recipientDataSchema,
  recipientOrderSchema,
  resendRecipientConfirmationSchema,
  resentRecipientConfirmationSchema,
  storedRecipientSchema,
  type Landing,
  type RecipientDataInput,
  recipientConsentResponseSchema,
} from '@/lib/contracts/recipient'
import { mailAcceptedSchema } from '@/lib/contracts/account'
import type { CaptchaSolution } from './account'
import { mainApiLinkBase } from './client'
import type { ApiContext, AuthContext, TenantContext } from './context'
import { orNull, read, send, requestBody } from './request'

/** The friend's side of a recommendation: its landing, the recipient's data, consent and order. */

const nr = (nummer: string) => encodeURIComponent(nummer)

/** The query of the given values, leaving out the empty ones. */
function presentParams(values: Record<string, string | undefined>) {
  return new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
}

/** GET /empfehlung/{nr} (§7.5): the landing view of a shared recommendation; null when there is none. */
export function getLanding(ctx: ApiContext, nummer: string): Promise<Landing | null> {
  return orNull(read(ctx, { path: `/empfehlung/${nr(nummer)}`, schema: landingSchema }), [404, 400])
}

/** PUT /empfehlung/{nr}?channel= (§7.5): counts a landing, once per visitor (the context's IP) and day. */
export function recordLanding(ctx: TenantContext, input: { nummer: string; channel?: string }) {
  const query = input.channel ? `?${new URLSearchParams({ channel: input.channel })}` : ''
  return send(ctx, {
    path: `/empfehlung/${nr(input.nummer)}${query}`,
    method: 'PUT',
    clientIp: ctx.clientIp,
    language: false,
    schema: landingSchema,
  })
}

/**
 * GET /empfehlung/empfehlungscode/{code}?einsprungsquelle=code (§7.5): the recommendation of an offline
 * code. The engine counts wrong codes per IP (so never shared like a read); a solved captcha goes along.
 */
export function resolveCode(ctx: ApiContext, input: { code: string; captcha?: CaptchaSolution }) {
  const query = new URLSearchParams({ einsprungsquelle: 'code', ...input.captcha })
  return send(ctx, {
    path: `/empfehlung/empfehlungscode/${encodeURIComponent(input.code)}?${query}`,
    clientIp: ctx.clientIp,
    schema: landingSchema,
  })
}

/** POST /empfaenger/create/{nr}?channel=&einsprungsquelle= (§7.5): the recipient's data; mails the link. */
export function createRecipient(
  ctx: ApiContext,
  input: { nummer: string; recipient: RecipientDataInput; channel?: string; einsprungsquelle?: string },
) {
  const search = presentParams({ channel: input.channel, einsprungsquelle: input.einsprungsquelle })
  return send(ctx, {
    path: `/empfaenger/create/${nr(input.nummer)}${search.size ? `?${search}` : ''}`,
    method: 'POST',
    body: requestBody(recipientDataSchema, input.recipient),
    schema: createdRecipientSchema,
  })
}

/** GET /empfaenger/{hex} (§7.5): the remembered recipient, or null when it no longer exists. */
export function getStoredRecipient(ctx: TenantContext, hex: string) {
  const path = `/empfaenger/${encodeURIComponent(hex)}`
  return orNull(read(ctx, { path, language: false, schema: storedRecipientSchema }), [404, 400])
}

/**
 * POST /empfaenger/{hex}/bestaetigungsmail {Email?} (beside §7.5): the confirmation mail again, to the
 * given corrected address if any; answers the address it went to.
 */
export function resendRecipientConfirmation(ctx: ApiContext, input: { hex: string; email?: string }) {
  return send(ctx, {
    path: `/empfaenger/${encodeURIComponent(input.hex)}/bestaetigungsmail`,
    method: 'POST',
    body: requestBody(resendRecipientConfirmationSchema, input.email ? { Email: input.email } : {}),
    schema: resentRecipientConfirmationSchema,
  })
}

/**
 * POST /empfaenger/neuerlink {Token} (beside §7.5): the confirmation link used before asks for a new one,
 * mailed to the address the friend proved.
 */
export function renewRecipientLink(ctx: ApiContext, token: string) {
  return send(ctx, {
    path: '/empfaenger/neuerlink',
    method: 'POST',
    body: { Token: token },
    schema: mailAcceptedSchema,
  })
}

/** PUT /empfaenger/bestaetigen (beside §7.5): the recipient's confirmation link; answers their token. */
export function confirmRecipient(ctx: ApiContext, token: string) {
  return send(ctx, {
    path: '/empfaenger/bestaetigen',
    method: 'PUT',
    body: { Token: token },
    schema: confirmRecipientResponseSchema,
  })
}

/** PUT /empfaenger/zustimmung {AgbText} (§7.5): the consent, with the recipient's own token. */
export function giveRecipientConsent(ctx: AuthContext, agbText: string) {
  return send(ctx, {
    path: '/empfaenger/zustimmung',
    method: 'PUT',
    body: requestBody(recipientConsentRequestSchema, { AgbText: agbText }),
    token: ctx.token,
    schema: recipientConsentResponseSchema,
  })
}

/** GET /empfaenger/auftrag (§7.5): the recipient's order, with the recipient's own token. */
export function getRecipientOrder(ctx: AuthContext) {
  return read(ctx, { path: '/empfaenger/auftrag', token: ctx.token, schema: recipientOrderSchema })
}

/** POST /empfaenger/bankdaten (§7.5) with the recipient's token; answers the data masked. */
export function saveRecipientBankData(ctx: AuthContext, data: { IBAN: string; Kontoinhaber: string }) {
  return send(ctx, {
    path: '/empfaenger/bankdaten',
    method: 'POST',
    body: requestBody(bankDataRequestSchema, data),
    token: ctx.token,
    schema: bankDataResponseSchema,
  })
}

/** GET /empfehlung/{nr}/produkt/produktlink (§7.5, URL only): the browser's link to the order page. */
export function productLinkHref(
  ctx: Pick<ApiContext, 'tenant'>,
  input: { nummer: string; channel?: string; empfaengernummer: string },
) {
  const search = presentParams({ channel: input.channel, empfaengernummer: input.empfaengernummer })
  const tenant = encodeURIComponent(ctx.tenant)
  return `${mainApiLinkBase()}/${tenant}/empfehlung/${nr(input.nummer)}/produkt/produktlink?${search}`
}
