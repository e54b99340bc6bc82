import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'

/** Shared by the main-API handlers and the portal's client (SPEC §3 User, §7.2). */

export const loginRequestSchema = z.object({
  Email: z.string().trim().min(1).max(254),
  Password: z.string().min(1).max(128),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const userSchema = z.object({
  username: z.string(),
  anrede: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  email: z.string(),
  empfehlerHash: z.string(),
  token: z.string(),
  newsletterpermission: z.boolean(),
  newsletterpermissionversendetam: z.string().nullable(),
  language: z.enum(LOCALES),
  admin: z.boolean().optional(),
})
export type User = z.infer<typeof userSchema>

export const updateLanguageRequestSchema = z.object({ Language: z.enum(LOCALES) })
export const updateLanguageResponseSchema = z.object({ language: z.enum(LOCALES) })
