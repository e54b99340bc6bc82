import type { TenantSettings } from '@/lib/shared/tenants/settings'

/** Compiled patterns by their text: the lists are the tenant's and change seldom (bounded all the same). */
const compiled = new Map<string, RegExp>()
const COMPILED_LIMIT = 1000

function patternRegExp(raw: string): RegExp {
  let regExp = compiled.get(raw)
  if (regExp) return regExp
  const pattern = raw.trim().toLowerCase()
  const full = pattern.includes('@') ? pattern : `*@${pattern}`
  const source = full
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  regExp = new RegExp(`^${source}$`)
  if (compiled.size >= COMPILED_LIMIT) compiled.clear()
  compiled.set(raw, regExp)
  return regExp
}

/** "*" stands for any characters, case-insensitive; a pattern without "@" names a domain. */
export function matchesEmailPattern(patterns: readonly string[], email: string): boolean {
  const normalized = email.trim().toLowerCase()
  return patterns.some((raw) => patternRegExp(raw).test(normalized))
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
