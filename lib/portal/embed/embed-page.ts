/**
 * The tenant's own page that embeds the portal (SPEC §2.4 "tenant URL plus the embed path"):
 * EmpfehlenWebPage when set, else MandantUrl + EmpfehlenPath; without hash. Null unless it is an
 * http(s) address, so a setting can never send the browser to a script or another scheme.
 */
export function embedPageOf(settings: {
  MandantUrl: string
  EmpfehlenPath: string
  EmpfehlenWebPage: string
}): string | null {
  const configured = settings.EmpfehlenWebPage.trim()
  let url: URL
  try {
    url = configured
      ? new URL(configured)
      : new URL(
          `${settings.MandantUrl.replace(/\/+$/, '')}/${settings.EmpfehlenPath.trim().replace(/^\/+/, '')}`,
        )
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  url.hash = ''
  return url.href
}
