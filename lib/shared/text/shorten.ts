/**
 * SPEC §9 text shorteners: a text longer than 40 characters is cut to its first 19 (or, where room is
 * scarcest, 10) characters plus dots; a shorter one stays whole. Counted in characters as people see
 * them (code points), so no emoji or umlaut is cut in half.
 */
export const SHORTEN_ABOVE = 40

export function shortenText(text: string, keep: 19 | 10 = 19): string {
  const characters = [...text]
  if (characters.length <= SHORTEN_ABOVE) return text
  return `${characters.slice(0, keep).join('').trimEnd()}...`
}
