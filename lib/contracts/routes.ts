import { z } from 'zod'

export const routeEntrySchema = z.object({
  Name: z.string(),
  Aliases: z.array(z.string()),
  Path: z.string(),
  RequiresLogin: z.boolean(),
  DisabledUnderAutologin: z.boolean(),
  ForcedLoginWhitelist: z.boolean(),
  RedirectTo: z.string().nullable(),
})
export const routeTableSchema = z.object({ Routes: z.array(routeEntrySchema) })
export type RouteTablePayload = z.infer<typeof routeTableSchema>
