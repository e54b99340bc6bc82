import {
  formatOfflineCode,
  newOfflineCode,
  newRecommendationHex,
  newRecommendationNumber,
  normalizeOfflineCode,
} from './recommendation-codes'

const many = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make)

/** Characters a person confuses when typing from a printed card. */
const LOOK_ALIKES = ['0', 'O', '1', 'I', 'L', '5', 'S', '8', 'B', '2', 'Z']

describe('newRecommendationNumber', () => {
  it('has 10 digits and capitals without I, L, O and U', () => {
    for (const number of many(1000, newRecommendationNumber)) {
      expect(number).toMatch(/^[0-9A-Z]{10}$/)
      expect(number).not.toMatch(/[ILOU]/)
    }
  })

  it('is unique over 1000 numbers', () => {
    expect(new Set(many(1000, newRecommendationNumber)).size).toBe(1000)
  })

  it('draws from the whole alphabet of 32 characters', () => {
    const seen = new Set(many(1000, newRecommendationNumber).join(''))
    expect([...seen].sort().join('')).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ')
  })
})

describe('newRecommendationHex', () => {
  it('has 32 lower-case hex characters and is unique', () => {
    const hexes = many(1000, newRecommendationHex)
    for (const hex of hexes) expect(hex).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(hexes).size).toBe(1000)
  })
})

describe('newOfflineCode', () => {
  it('has 8 characters of the code alphabet without look-alikes', () => {
    const codes = many(1000, newOfflineCode)
    for (const code of codes) {
      expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/)
      for (const character of LOOK_ALIKES) expect(code).not.toContain(character)
    }
    const seen = new Set(codes.join(''))
    expect([...seen].sort().join('')).toBe('34679ACDEFGHJKMNPQRTUVWXY')
    expect(new Set(codes).size).toBe(1000)
  })

  it('is what normalizeOfflineCode gives back, also after formatting', () => {
    for (const code of many(100, newOfflineCode)) {
      expect(normalizeOfflineCode(code)).toBe(code)
      expect(normalizeOfflineCode(formatOfflineCode(code))).toBe(code)
      expect(normalizeOfflineCode(formatOfflineCode(code).toLowerCase())).toBe(code)
    }
  })
})

describe('normalizeOfflineCode', () => {
  it('accepts lower case, spaces and dashes', () => {
    expect(normalizeOfflineCode('acde-fghj')).toBe('ACDEFGHJ')
    expect(normalizeOfflineCode(' AcDe fGhJ ')).toBe('ACDEFGHJ')
    expect(normalizeOfflineCode('ac-de - fg-hj')).toBe('ACDEFGHJ')
    expect(normalizeOfflineCode('acde\tfghj\n')).toBe('ACDEFGHJ')
    expect(normalizeOfflineCode('ACDEFGHJ')).toBe('ACDEFGHJ')
  })
})

describe('formatOfflineCode', () => {
  it('shows the code as ABCD-EFGH', () => {
    expect(formatOfflineCode('ABCDEFGH')).toBe('ABCD-EFGH')
    expect(formatOfflineCode('ACDE3467')).toBe('ACDE-3467')
  })
})
