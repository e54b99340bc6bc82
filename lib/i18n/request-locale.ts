/**
 * next-intl hands the request config only the value given to setRequestLocale. The portal passes the
 * tenant with it ("en@demo"), so the config can merge that tenant's own texts.
 */
export function encodeRequestLocale(locale: string, tenant: string | null): string {
  return tenant ? `${locale}@${tenant}` : locale
}

export function decodeRequestLocale(value: string | undefined): {
  locale: string | undefined
  tenant: string | null
} {
  if (!value) return { locale: undefined, tenant: null }
  const at = value.indexOf('@')
  return at < 0
    ? { locale: value, tenant: null }
    : { locale: value.slice(0, at), tenant: value.slice(at + 1) || null }
}
