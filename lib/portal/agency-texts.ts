import 'server-only'
import { cache } from 'react'
import { createTranslator } from 'next-intl'
import { getLocale, getTranslations } from 'next-intl/server'
import { TIME_ZONE } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'
import { withOverrides } from '@/lib/i18n/overrides'
import { log } from '@/lib/shared/log'
import { loadTextOverrides } from './content'
import type { PortalContext } from '@/lib/routes/href'

/**
 * The texts of the agency area with the signed-in agency's text variables (content/agenturvariables):
 * the tenant's own texts, their placeholders filled with the agency's values over the tenant's. The
 * agency pages name the agency once per request (applyAgencyTexts); the agency screens then translate
 * with getAgencyTranslations, as everywhere else with getTranslations.
 */
const current = cache(() => ({ messages: null as ReturnType<typeof messagesFor> | null }))

export async function applyAgencyTexts(ctx: PortalContext, agentur: string): Promise<void> {
  const locale = ctx.locale
  const overrides = await loadTextOverrides({ tenant: ctx.tenant, locale }, agentur)
  current().messages = withOverrides(messagesFor(locale), overrides, locale, (key) =>
    log.warn('agency text skipped: unknown key or broken message', { tenant: ctx.tenant, agentur, key }),
  )
}

/** getTranslations of next-intl, with the agency's texts once the page named the agency. */
export const getAgencyTranslations = (async (namespace?: string) => {
  const messages = current().messages
  if (!messages) return getTranslations(namespace as never)
  const locale = await getLocale()
  return createTranslator({ locale, messages, namespace: namespace as never, timeZone: TIME_ZONE })
}) as unknown as typeof getTranslations
