import { z } from 'zod'

export const produktKategorieSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Name: z.string(),
  Beschreibung: z.string(),
  Icon: z.string(),
  Sortierung: z.number().int(),
})
export type ProduktKategorie = z.infer<typeof produktKategorieSchema>
export const produktKategorienSchema = z.array(produktKategorieSchema)
