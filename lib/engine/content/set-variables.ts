import 'server-only'
import { z } from 'zod'
import { updateTenantSettings } from '@/lib/engine/tenants/update-tenant-settings'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { variableSchema } from '@/lib/shared/content/types'

export const variableNameSchema = variableSchema.shape.Name.max(60)
export const agencySchema = z.string().regex(/^[\w-]{1,40}$/)

/**
 * Sets a text variable of the tenant (agentur null) or of one of its agencies; a null value removes
 * it, so the content source's value applies again. Answers the variables now stored at that level.
 */
export async function setTenantVariable(
  tenant: Tenant,
  agentur: string | null,
  name: string,
  value: string | null,
) {
  const settings = await updateTenantSettings(tenant.slug, (s) => {
    if (agentur === null) return { ...s, ContentVariables: withValue(s.ContentVariables, name, value) }
    const agency = withValue(s.AgenturVariables[agentur] ?? {}, name, value)
    const { [agentur]: _old, ...others } = s.AgenturVariables
    void _old
    return { ...s, AgenturVariables: Object.keys(agency).length ? { ...others, [agentur]: agency } : others }
  })
  const stored = agentur === null ? settings.ContentVariables : (settings.AgenturVariables[agentur] ?? {})
  return Object.entries(stored).map(([Name, Wert]) => ({ Name, Wert }))
}

function withValue(values: Record<string, string>, name: string, value: string | null) {
  const { [name]: _old, ...rest } = values
  void _old
  return value === null ? rest : { ...rest, [name]: value }
}
