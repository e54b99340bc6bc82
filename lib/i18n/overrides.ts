import { IntlMessageFormat } from 'intl-messageformat'
import type { TextOverrides } from '@/lib/shared/content/types'
import type { Locale } from './config'
import type { Messages } from './messages'

/**
 * A tenant's own texts (flat keys "Namespace.key", from content/getlanguagecontent) over the portal's
 * messages of a locale. Only texts the portal has are replaced, and only by a text that is a valid
 * message (placeholders in ICU syntax): a broken override is skipped, never shown half-formatted.
 */
export function withOverrides(
  messages: Messages,
  overrides: TextOverrides,
  locale: Locale,
  onSkip: (key: string) => void = () => {},
): Messages {
  const keys = Object.keys(overrides)
  if (keys.length === 0) return messages
  const merged = structuredClone(messages) as unknown as Record<string, unknown>
  for (const key of keys) {
    const path = key.split('.')
    const last = path.pop()!
    let node: unknown = merged
    for (const part of path) node = isRecord(node) ? node[part] : undefined
    const value = overrides[key]!
    if (!isRecord(node) || typeof node[last] !== 'string' || !validMessage(value, locale)) {
      onSkip(key)
      continue
    }
    node[last] = value
  }
  return merged as unknown as Messages
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function validMessage(text: string, locale: Locale): boolean {
  try {
    new IntlMessageFormat(text, locale)
    return true
  } catch {
    return false
  }
}
