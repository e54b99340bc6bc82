import { z } from 'zod'

/** The local mailbox (development and tests only), as GET /api/dev/mailbox answers it. */
export const mailboxMessageSchema = z.object({
  Id: z.string(),
  Mandant: z.string(),
  Von: z.string(),
  An: z.string(),
  Betreff: z.string(),
  Html: z.string(),
  Text: z.string(),
  ZugestelltAm: z.string(),
})
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>
export const mailboxSchema = z.object({ Nachrichten: z.array(mailboxMessageSchema) })

export const mailboxQuerySchema = z.object({
  tenant: z.string().max(64).optional(),
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
