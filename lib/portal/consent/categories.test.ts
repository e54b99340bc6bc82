import {
  CONSENT_CATEGORIES,
  UNSET_STATE,
  allGiven,
  applyDecision,
  isConsentCategoryId,
  isGiven,
  needsConfiguration,
  normalizeState,
  requiredOnly,
  withdrawnCategories,
} from './categories'

describe('consent categories (SPEC §3)', () => {
  it('are required, functional, analytical and marketing with their ids, flags and positions', () => {
    expect(CONSENT_CATEGORIES.map((c) => [c.id, c.key, c.required, c.position])).toEqual([
      ['psoempf_er', 'required', true, 1],
      ['psoempf_fu', 'functional', false, 2],
      ['psoempf_an', 'analytical', false, 3],
      ['psoempf_ma', 'marketing', false, 4],
    ])
  })

  it('recognises only their ids', () => {
    expect(isConsentCategoryId('psoempf_an')).toBe(true)
    expect(isConsentCategoryId('psoempf_xx')).toBe(false)
    expect(isConsentCategoryId(1)).toBe(false)
  })
})

describe('consent state (SPEC §4)', () => {
  it('starts with every optional category unset and the required one given', () => {
    expect(UNSET_STATE).toEqual({ psoempf_er: 1, psoempf_fu: null, psoempf_an: null, psoempf_ma: null })
    expect(needsConfiguration(UNSET_STATE)).toBe(true)
  })

  it('always stores the required category as given, even when asked to decline it', () => {
    expect(normalizeState({ psoempf_er: 0 }).psoempf_er).toBe(1)
    expect(applyDecision(UNSET_STATE, { psoempf_er: 0 }).psoempf_er).toBe(1)
  })

  it('needs configuration while any category is unset', () => {
    const partly = applyDecision(UNSET_STATE, { psoempf_an: 1, psoempf_fu: 0 })
    expect(partly).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 1, psoempf_ma: null })
    expect(needsConfiguration(partly)).toBe(true)
    expect(needsConfiguration(applyDecision(partly, { psoempf_ma: 0 }))).toBe(false)
  })

  it('accepts all or only the required categories', () => {
    expect(applyDecision(UNSET_STATE, allGiven())).toEqual({
      psoempf_er: 1,
      psoempf_fu: 1,
      psoempf_an: 1,
      psoempf_ma: 1,
    })
    const required = applyDecision(UNSET_STATE, requiredOnly())
    expect(required).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 0, psoempf_ma: 0 })
    expect(needsConfiguration(required)).toBe(false)
    expect(isGiven(required, 'psoempf_er')).toBe(true)
    expect(isGiven(required, 'psoempf_an')).toBe(false)
  })

  it('drops values other than 0 and 1 to unset', () => {
    expect(normalizeState({ psoempf_an: 2 as never, psoempf_fu: '1' as never }).psoempf_an).toBeNull()
    expect(normalizeState({ psoempf_fu: '1' as never }).psoempf_fu).toBeNull()
  })

  it('names the categories a decision withdraws', () => {
    const all = applyDecision(UNSET_STATE, allGiven())
    expect(withdrawnCategories(all, applyDecision(all, { psoempf_an: 0 }))).toEqual(['psoempf_an'])
    expect(withdrawnCategories(UNSET_STATE, applyDecision(UNSET_STATE, requiredOnly()))).toEqual([])
  })
})
