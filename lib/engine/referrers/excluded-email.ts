import type { TenantSettings } from '@/lib/shared/tenants/settings'

/** "*" stands for any characters, case-insensitive; a pattern without "@" names a domain. */
export function matchesEmailPattern(patterns: readonly string[], email: string): boolean {
  const normalized = email.trim().toLowerCase()
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase()
    const full = pattern.includes('@') ? pattern : `*@${pattern}`
    const source = full
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    return new RegExp(`^${source}$`).test(normalized)
  })
}

/**
 * Employees and service providers may not take part (SPEC §1): an e-mail matching one of the tenant's
 * patterns is refused with KontoGesperrtWildcard.
 */
export function isExcludedEmail(
  settings: Pick<TenantSettings, 'GesperrteEmailMuster'>,
  email: string,
): boolean {
  return matchesEmailPattern(settings.GesperrteEmailMuster, email)
}

/** Tenants with an e-mail whitelist take part only with matching addresses (else EmailNotAllowed). */
export function isAllowedEmail(settings: Pick<TenantSettings, 'EmailWhitelist'>, email: string): boolean {
  return settings.EmailWhitelist.length === 0 || matchesEmailPattern(settings.EmailWhitelist, email)
}
