import 'server-only'
import { z } from 'zod'
import { captchaCheckSchema } from '@/lib/contracts/recommendation'
import type { CaptchaSolution } from './account'
import {
  invitationDataSchema,
  invitationRequestSchema,
  invitationSchema,
  invitationToolSchema,
  type Invitation,
  type InvitationData,
  type InvitationRequest,
  type InvitationTool,
} from '@/lib/contracts/invitation'
import type { ApiContext, AuthContext } from './context'
import { read, send, requestBody } from './request'

/** Invitations (SPEC §3 Agent invitation payload, §7.1 Einladung): sent from the agency area, opened by the customer. */

/** GET agentur/einladungstool: the employee numbers the caller may invite for. */
export function getInvitationTool(ctx: AuthContext): Promise<InvitationTool> {
  return read(ctx, { path: '/agentur/einladungstool', token: ctx.token, schema: invitationToolSchema })
}

/**
 * PUT /Einladung without a body (§7.1): does the next invitation need a captcha? With an agency token
 * from the agency area, without one from the employee form (MitarbeiterEmpfehlen).
 */
export function checkInvitationCaptcha(ctx: ApiContext) {
  return send(ctx, {
    path: '/Einladung',
    method: 'PUT',
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: captchaCheckSchema,
  })
}

/** PUT /Einladung with the payload; a captcha solution goes in the query. */
export function sendInvitation(
  ctx: ApiContext,
  input: { invitation: InvitationRequest; captcha?: CaptchaSolution },
): Promise<Invitation> {
  const query = input.captcha ? `?${new URLSearchParams(input.captcha)}` : ''
  return send(ctx, {
    path: `/Einladung${query}`,
    method: 'PUT',
    body: requestBody(invitationRequestSchema, input.invitation),
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: invitationSchema,
  })
}

/** GET /Einladung/daten?t=: the invited customer's data and who invited them. */
export function getInvitationData(ctx: ApiContext, token: string): Promise<InvitationData> {
  return read(ctx, {
    path: `/Einladung/daten?t=${encodeURIComponent(token)}`,
    schema: invitationDataSchema,
  })
}

/** PUT /Einladung/abmelden {t}: no further invitations to the address of this link. */
export function unsubscribeInvitation(ctx: ApiContext, token: string) {
  return send(ctx, {
    path: '/Einladung/abmelden',
    method: 'PUT',
    body: { t: token },
    schema: z.object({ Abgemeldet: z.literal(true) }),
  })
}
