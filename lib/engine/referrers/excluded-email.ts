import type { TenantSettings } from '@/lib/tenants/settings'

/**
 * Employees and service providers may not take part (SPEC §1): an e-mail matching one of the tenant's
 * patterns ("*" stands for any characters, case-insensitive) is refused with KontoGesperrtWildcard.
 */
export function isExcludedEmail(
  settings: Pick<TenantSettings, 'GesperrteEmailMuster'>,
  email: string,
): boolean {
  const normalized = email.trim().toLowerCase()
  return settings.GesperrteEmailMuster.some((pattern) => {
    const source = pattern
      .trim()
      .toLowerCase()
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    return new RegExp(`^${source}$`).test(normalized)
  })
}
