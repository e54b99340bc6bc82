import { confirmParticipationResponseSchema, recommendationSchema } from '@/lib/contracts/recommendation'
import { call, expectError, uniqueClientIp } from './http'
import { portalPath, trackForRelease, type Tenant } from './accounts'
import { linkFrom, uniqueTestEmail, waitForMail } from './mailbox'

export const OPTIN_SUBJECT = /^Bitte bestätigen Sie Ihre Empfehlung|^Please confirm your recommendation/

export type Shared = {
  nr: string
  hex: string
  code: string | null
  link: string
  /** The referrer's e-mail and session token. */
  email: string
  token: string
}

/**
 * A new referrer's confirmed (shareable) recommendation through the API alone: create, the opt-in
 * mail's link, the referrer's own view of it. The account is deleted by releaseRegisteredAccounts.
 */
export async function sharedRecommendation(
  label: string,
  options: {
    tenant?: Tenant
    produkt?: number
    anteil?: 100 | 50 | 0
    vorname?: string
    nachname?: string
    /** An agent's number (AgentNumber): the recommendation then belongs to the agent's agency. */
    agentNumber?: string
  } = {},
): Promise<Shared> {
  const tenant = options.tenant ?? 'demo'
  const email = uniqueTestEmail(label)
  trackForRelease(tenant, email)
  const created = await recommendWithoutLogin(tenant, email, {
    ...options,
    vorname: options.vorname ?? 'Jana',
    nachname: options.nachname ?? 'Landung',
  })
  expectError(created, 409, 'OptInRequired')
  const { User, Empfehlungsnummer } = await confirmByOptInMail(tenant, email)
  const own = recommendationSchema.parse(
    (await call(`/api/v1/${tenant}/empfehlen/${Empfehlungsnummer}`, { token: User.token })).json,
  )
  return { nr: own.Empfehlungsnummer, hex: own.Hex, code: own.Code, link: own.Link, email, token: User.token }
}

/**
 * POST Empfehlen/create without login for `email`, from a client address of its own: anyone can do that
 * for any address, and unless the address's owner is logged in the answer is OptInRequired and the
 * opt-in mail goes out.
 */
export function recommendWithoutLogin(
  tenant: Tenant,
  email: string,
  options: {
    vorname: string
    nachname: string
    produkt?: number
    anteil?: 100 | 50 | 0
    agentNumber?: string
  },
) {
  return call(`/api/v1/${tenant}/Empfehlen/create`, {
    method: 'POST',
    headers: uniqueClientIp(),
    body: {
      Empfehlung: {
        Produkt: options.produkt ?? 462,
        AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
        AnteilEmpfehler: options.anteil ?? 50,
        ...(options.agentNumber ? { AgentNumber: options.agentNumber } : {}),
      },
      Empfehler: { Vorname: options.vorname, Nachname: options.nachname, Email: email },
    },
  })
}

/**
 * Confirms a new referrer's recommendation by the link in the opt-in mail to `email`: answers the
 * confirmation (the logged-in User and the number), the link's token and the mail.
 */
export async function confirmByOptInMail(tenant: Tenant, email: string) {
  const mail = await waitForMail(tenant, email, { subject: OPTIN_SUBJECT })
  const token = linkFrom(mail, portalPath(tenant, 'bestaetigung'))
  const confirmed = await call(`/api/v1/${tenant}/empfehler/teilnahme`, {
    method: 'PUT',
    body: { Token: token },
  })
  expect(confirmed.status).toBe(200)
  return { ...confirmParticipationResponseSchema.parse(confirmed.json), token, mail }
}
