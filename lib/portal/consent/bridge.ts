import {
  CONSENT_CATEGORIES,
  isConsentCategoryId,
  type ConsentCategoryId,
  type ConsentDecision,
} from './categories'
import { getConsent, registerSettingsOpener, setConsent } from './store'

/**
 * The bridge a third-party consent tool uses when the tenant has no internal consent manager
 * (useInternalConsentManager false, ConsentTool.ScriptUrl set). The tool's script, or a small adapter
 * of it, reports every decision in one of two ways:
 *
 *   window.psoempfConsent.set({ psoempf_fu: 0, psoempf_an: 1, psoempf_ma: 0 })
 *   window.dispatchEvent(new CustomEvent('psoempf:consent', { detail: { psoempf_an: 1 } }))
 *
 * Values are 1/0 or true/false per category id; unknown keys are ignored and the required category
 * (psoempf_er) is always given. The decision lands in the same consent state and cookie as the internal
 * manager's, so tracking and campaign cookies follow it. window.psoempfConsent.get() answers the current
 * values (null = unset); window.psoempfConsent.onOpenSettings(open) lets the footer's
 * 'Cookie-Einstellungen' button open the tool's own dialog (without it, the button dispatches the window
 * event 'psoempf:consent-settings').
 */
export type ConsentBridge = {
  version: 1
  categories: readonly ConsentCategoryId[]
  get(): Record<ConsentCategoryId, 0 | 1 | null> | null
  set(values: unknown): void
  onOpenSettings(open: () => void): void
}

declare global {
  interface Window {
    psoempfConsent?: ConsentBridge
  }
}

export const CONSENT_EVENT = 'psoempf:consent'
export const CONSENT_SETTINGS_EVENT = 'psoempf:consent-settings'

/** The decision in a tool's values: 1/0 or true/false per known category; anything else is left out. */
export function decisionOf(values: unknown): ConsentDecision {
  const decision: ConsentDecision = {}
  if (!values || typeof values !== 'object') return decision
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (!isConsentCategoryId(key)) continue
    if (value === 1 || value === true) decision[key] = 1
    else if (value === 0 || value === false) decision[key] = 0
  }
  return decision
}

/** Installs window.psoempfConsent and the event listener; returns the function that removes both. */
export function installConsentBridge(win: Window = window): () => void {
  let unregisterOpener: (() => void) | null = null
  const apply = (values: unknown) => {
    const decision = decisionOf(values)
    if (Object.keys(decision).length > 0) setConsent(decision)
  }
  const bridge: ConsentBridge = {
    version: 1,
    categories: CONSENT_CATEGORIES.map((c) => c.id),
    get: () => {
      const consent = getConsent()
      return consent ? { ...consent.state } : null
    },
    set: apply,
    onOpenSettings: (open) => {
      if (typeof open !== 'function') return
      unregisterOpener?.()
      unregisterOpener = registerSettingsOpener(() => open())
    },
  }
  const onEvent = (event: Event) => apply((event as CustomEvent<unknown>).detail)
  win.psoempfConsent = bridge
  win.addEventListener(CONSENT_EVENT, onEvent)
  return () => {
    win.removeEventListener(CONSENT_EVENT, onEvent)
    unregisterOpener?.()
    if (win.psoempfConsent === bridge) delete win.psoempfConsent
  }
}
