import 'server-only'
import { z } from 'zod'
import { ApiError } from '@/lib/shared/errors'
import { updateTenantSettings } from '@/lib/engine/tenants/update-tenant-settings'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** Operator: where a tenant's content comes from (PUT operator/inhaltsquelle). Secrets left out stay as stored. */
export const contentSourceRequestSchema = z.object({
  Source: z.enum(['files', 'squidex']),
  Url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  AppName: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional(),
  ClientId: z.string().min(1).max(200).optional(),
  ClientSecret: z.string().min(1).max(500).optional(),
  WebhookSecret: z.string().min(16).max(500).optional(),
  Ids: z.record(z.string().regex(/^[a-z]{1,40}$/), z.string().regex(/^[\w-]{1,100}$/)).optional(),
})

export type ContentSourceRequest = z.infer<typeof contentSourceRequestSchema>

/** Cached content carries the tenant tag too: the change shows on the next request. */
export async function setContentSource(tenant: Tenant, request: ContentSourceRequest) {
  const settings = await updateTenantSettings(tenant.slug, (s) => {
    const given = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined))
    const content = { ...s.Content, ...given, Url: (request.Url ?? s.Content.Url).replace(/\/$/, '') }
    // A content service needs its address, app and client, given now or before.
    const missing = (['Url', 'AppName', 'ClientId', 'ClientSecret'] as const).filter((f) => !content[f])
    if (content.Source === 'squidex' && missing.length > 0)
      throw new ApiError('UngueltigeEingabe', {
        fields: missing.map((Field) => ({ Field, Code: 'required' })),
      })
    return { ...s, Content: content }
  })
  const { ClientSecret, WebhookSecret, ...visible } = settings.Content
  return { ...visible, ClientSecretGesetzt: ClientSecret !== '', WebhookSecretGesetzt: WebhookSecret !== '' }
}
