/** How a tenant asks for consent: the internal manager, its own consent tool, or neither. */
export type ConsentMode = 'internal' | 'tool' | 'none'

/**
 * useInternalConsentManager wins; otherwise the tenant's consent tool (ConsentTool.ScriptUrl). Without
 * either nothing is asked, so only required storage happens and nothing is tracked.
 */
export function consentModeOf(settings: {
  useInternalConsentManager: boolean
  ConsentTool: { ScriptUrl: string }
}): ConsentMode {
  if (settings.useInternalConsentManager) return 'internal'
  return settings.ConsentTool.ScriptUrl ? 'tool' : 'none'
}
