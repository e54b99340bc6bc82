import { z } from 'zod'

/**
 * The content kinds the portal shows, as the app uses them (SPEC §3 content service data). Every
 * source (files in the repo, the Squidex-type content service) is reshaped into these.
 */

/** SPEC §3 Footnote: products reference one by its Identifier (product field Fussnote). */
export const footnoteSchema = z.object({
  Id: z.string(),
  Identifier: z.string(),
  Titel: z.string(),
  Gruppe: z.string(),
  Inhalt: z.string(),
})
export type Footnote = z.infer<typeof footnoteSchema>

/** The content of one tenant and locale held by the file source. */
export const fileContentSchema = z.object({ fussnoten: z.array(footnoteSchema) })
export type FileContent = z.infer<typeof fileContentSchema>

/** The content service did not answer (or has no such content): pages show 'Inhalt nicht verfügbar'. */
export class ContentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ContentUnavailableError'
  }
}
