import { z } from 'zod'
import { emailSchema, secretTokenSchema } from './account'
import { employeeNumberSchema, reportPageSchema } from './agency'
import { personName } from './text-input'

/** Shared by the main-API handlers and the portal's client (SPEC §3 Agent invitation payload, §7.1 Einladung). */

/** The conversation the invitation follows: on site or by phone (SPEC §2.2 MitarbeiterEmpfehlen). */
export const INVITATION_KINDS = ['VorOrt', 'Telefon'] as const
export type InvitationKind = (typeof INVITATION_KINDS)[number]

/** PUT Einladung with the payload: Vorname, Nachname, Email, Art, Mitarbeiternummer. */
export const invitationRequestSchema = z
  .object({
    Vorname: personName(),
    Nachname: personName(),
    Email: emailSchema,
    Art: z.enum(INVITATION_KINDS),
    Mitarbeiternummer: employeeNumberSchema,
  })
  .strict()
export type InvitationRequest = z.input<typeof invitationRequestSchema>
/** The payload as the schema left it (trimmed names, the address in lower case). */
export type CheckedInvitation = z.output<typeof invitationRequestSchema>

/** What became of an invitation, in the order it happens (Abgemeldet: no further invitations wanted). */
export const INVITATION_STATES = ['Versendet', 'Geoeffnet', 'Registriert', 'Empfohlen', 'Abgemeldet'] as const
export type InvitationState = (typeof INVITATION_STATES)[number]

/** One invitation as the agency sees it (PUT Einladung's answer, agentur/einladungen rows). */
export const invitationSchema = z.object({
  Id: z.string(),
  ErstelltAm: z.string(),
  Vorname: z.string(),
  Nachname: z.string(),
  Email: z.string(),
  Art: z.enum(INVITATION_KINDS),
  Mitarbeiternummer: z.string(),
  Status: z.enum(INVITATION_STATES),
  GeoeffnetAm: z.string().nullable(),
  RegistriertAm: z.string().nullable(),
  EmpfohlenAm: z.string().nullable(),
})
export type Invitation = z.infer<typeof invitationSchema>

/** GET agentur/einladungstool: the employee numbers the caller may send invitations for. */
export const invitationToolSchema = z.object({
  Mitarbeiter: z.array(z.object({ Mitarbeiternummer: z.string(), Name: z.string() })),
  /** The caller's own number, preselected; null when the agency has none for them. */
  Eigene: z.string().nullable(),
})
export type InvitationTool = z.infer<typeof invitationToolSchema>

/** GET Einladung/daten?t= and PUT Einladung/abmelden {t}: the mailed link's token. */
export const invitationTokenQuerySchema = z.object({ t: secretTokenSchema })
export const invitationUnsubscribeSchema = z.object({ t: secretTokenSchema }).strict()

/** GET Einladung/daten: what the invited customer's forms are filled in with, and who invited them. */
export const invitationDataSchema = z.object({
  Vorname: z.string(),
  Nachname: z.string(),
  Email: z.string(),
  Agentur: z.string(),
  GueltigBis: z.string(),
  Abgemeldet: z.boolean(),
})
export type InvitationData = z.infer<typeof invitationDataSchema>

/** agentur/einladungen (Verwaltung): a page of the agency's invitations. */
export const invitationReportSchema = reportPageSchema(invitationSchema)
