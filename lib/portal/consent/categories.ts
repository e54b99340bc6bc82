/**
 * The consent categories of SPEC §3 and the rules of §4: a category's consent is unset (null), given (1)
 * or declined (0); required categories are always given; configuration is needed while any is unset.
 * Client-safe and free of dependencies: the browser's consent manager and server code share it.
 */

export const CONSENT_CATEGORIES = [
  { id: 'psoempf_er', key: 'required', required: true, position: 1 },
  { id: 'psoempf_fu', key: 'functional', required: false, position: 2 },
  { id: 'psoempf_an', key: 'analytical', required: false, position: 3 },
  { id: 'psoempf_ma', key: 'marketing', required: false, position: 4 },
] as const

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type ConsentCategoryId = ConsentCategory['id']
/** The category's name in messages (Consent.categories.<key>). */
export type ConsentCategoryKey = ConsentCategory['key']

export const CONSENT_CATEGORY_IDS: readonly ConsentCategoryId[] = CONSENT_CATEGORIES.map((c) => c.id)

/** null = unset (never asked or asked again), 1 = given, 0 = declined. */
export type ConsentValue = 0 | 1 | null
export type ConsentState = Readonly<Record<ConsentCategoryId, ConsentValue>>
/** A decision about some categories (the others keep their value). */
export type ConsentDecision = Partial<Record<ConsentCategoryId, 0 | 1>>

export function isConsentCategoryId(value: unknown): value is ConsentCategoryId {
  return typeof value === 'string' && (CONSENT_CATEGORY_IDS as readonly string[]).includes(value)
}

export function categoryOf(id: ConsentCategoryId): ConsentCategory {
  return CONSENT_CATEGORIES.find((c) => c.id === id)!
}

/** Required categories are always given, whatever was stored or asked for. */
export function normalizeState(state: Partial<Record<ConsentCategoryId, ConsentValue>>): ConsentState {
  const result = {} as Record<ConsentCategoryId, ConsentValue>
  for (const category of CONSENT_CATEGORIES) {
    const value = state[category.id]
    result[category.id] = category.required ? 1 : value === 0 || value === 1 ? value : null
  }
  return result
}

/** Nothing decided yet: only the required categories count as given. */
export const UNSET_STATE: ConsentState = normalizeState({})

/** SPEC §4: the consent configuration is needed while any category is unset. */
export function needsConfiguration(state: ConsentState): boolean {
  return CONSENT_CATEGORY_IDS.some((id) => state[id] === null)
}

/** Whether storage of the category may happen: given (required categories always are). */
export function isGiven(state: ConsentState, id: ConsentCategoryId): boolean {
  return state[id] === 1
}

/** The state after a decision: the decided categories take their value, the others keep theirs. */
export function applyDecision(state: ConsentState, decision: ConsentDecision): ConsentState {
  return normalizeState({ ...state, ...decision })
}

/** Every category given ("Alle akzeptieren"). */
export function allGiven(): ConsentDecision {
  return Object.fromEntries(CONSENT_CATEGORY_IDS.map((id) => [id, 1])) as ConsentDecision
}

/** Only the required categories ("Nur erforderliche"): every other one declined. */
export function requiredOnly(): ConsentDecision {
  return Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c.id, c.required ? 1 : 0])) as ConsentDecision
}

/** The categories given before and not any more: their storage has to go. */
export function withdrawnCategories(before: ConsentState, after: ConsentState): ConsentCategoryId[] {
  return CONSENT_CATEGORY_IDS.filter((id) => before[id] === 1 && after[id] !== 1)
}
