import {
  CAPTCHA_ALPHABET,
  cryptoRandom,
  normalizeCaptchaAnswer,
  randomCaptchaText,
  renderCaptchaSvg,
  type RandomSource,
} from '@/lib/engine/captcha/render-captcha'

/** A deterministic random source (mulberry32) for reproducible renders. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The text content of an SVG string: everything outside tags. */
const textContent = (svg: string) => svg.replace(/<[^>]*>/g, '')

describe('CAPTCHA_ALPHABET', () => {
  it('holds no look-alike characters', () => {
    for (const char of '0O1IL2Z5S8BQG6') expect(CAPTCHA_ALPHABET).not.toContain(char)
  })

  it('holds only distinct uppercase letters and digits', () => {
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/)
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length)
  })
})

describe('cryptoRandom', () => {
  it('returns numbers in [0, 1)', () => {
    for (let i = 0; i < 1000; i++) {
      const value = cryptoRandom()
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
  })
})

describe('randomCaptchaText', () => {
  it('draws texts of the requested length from the alphabet', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const text = randomCaptchaText()
      expect(text).toHaveLength(5)
      for (const char of text) {
        expect(CAPTCHA_ALPHABET).toContain(char)
        seen.add(char)
      }
    }
    expect(randomCaptchaText(8)).toHaveLength(8)
    // 2,500 draws from 22 characters reach every one of them.
    expect(seen.size).toBe(CAPTCHA_ALPHABET.length)
  })

  it('uses the given random source, even one that returns the edges of its range', () => {
    expect(randomCaptchaText(3, () => 0)).toBe(CAPTCHA_ALPHABET[0]!.repeat(3))
    expect(randomCaptchaText(3, () => 0.999999)).toBe(CAPTCHA_ALPHABET.at(-1)!.repeat(3))
    expect(randomCaptchaText(3, () => 1)).toBe(CAPTCHA_ALPHABET.at(-1)!.repeat(3))
    expect(randomCaptchaText(6, seeded(7))).toBe(randomCaptchaText(6, seeded(7)))
  })

  it('refuses a length that is not a positive integer', () => {
    expect(() => randomCaptchaText(0)).toThrow(RangeError)
    expect(() => randomCaptchaText(2.5)).toThrow(RangeError)
  })
})

describe('renderCaptchaSvg', () => {
  it('returns a standalone SVG document', () => {
    const svg = renderCaptchaSvg('ACE47')
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"')
    expect(svg).toContain('viewBox="0 0 200 70"')
    expect(svg).toContain('width="200"')
    expect(svg).toContain('height="70"')
    expect(svg).toContain('role="img"')
    // Every tag is closed: opening tags that are not self-closing match the closing tags.
    const opened = svg.match(/<[a-z][^>]*[^/]>/g) ?? []
    const closed = svg.match(/<\/[a-z]+>/g) ?? []
    expect(opened).toHaveLength(closed.length)
  })

  it('does not reveal the answer in the SVG source', () => {
    for (let i = 0; i < 200; i++) {
      const text = randomCaptchaText()
      const svg = renderCaptchaSvg(text)
      expect(svg).not.toContain(text)
      expect(svg).not.toMatch(/<text|<title|<desc|<!--/i)
      // No uppercase letter of the alphabet appears anywhere, in tags, attributes or content.
      expect(svg.replace(/[^A-Z]/g, '').replace(/[^ACDEFHJKMNPRTUVWXY]/g, '')).toBe('')
      // Removing the tags leaves no text at all.
      expect(textContent(svg)).not.toMatch(/[A-Za-z0-9]/)
    }
  })

  it('draws the glyphs as stroked paths with noise curves and dots', () => {
    const svg = renderCaptchaSvg('HJKMN', seeded(1))
    const paths = svg.match(/<path /g) ?? []
    const dots = svg.match(/<circle /g) ?? []
    // 5 glyphs and 3 to 5 noise curves.
    expect(paths.length).toBeGreaterThanOrEqual(8)
    expect(paths.length).toBeLessThanOrEqual(10)
    expect(dots.length).toBeGreaterThanOrEqual(20)
    expect(dots.length).toBeLessThanOrEqual(30)
    expect(svg).toContain('stroke-linecap="round"')
    expect(svg).toContain('stroke-linejoin="round"')
    // Numbers carry at most one decimal.
    expect(svg).not.toMatch(/\d\.\d\d/)
  })

  it('renders identically with the same seed and differently with another', () => {
    expect(renderCaptchaSvg('ACDEF', seeded(42))).toBe(renderCaptchaSvg('ACDEF', seeded(42)))
    expect(renderCaptchaSvg('ACDEF', seeded(42))).not.toBe(renderCaptchaSvg('ACDEF', seeded(43)))
    expect(renderCaptchaSvg('ACDEF')).not.toBe(renderCaptchaSvg('ACDEF'))
  })

  it('stays below 8 KB for 5 characters', () => {
    for (let seed = 0; seed < 200; seed++) {
      const random = seeded(seed)
      const svg = renderCaptchaSvg(randomCaptchaText(5, random), random)
      expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024)
    }
  })

  it('has a glyph for every character of the alphabet', () => {
    for (let start = 0; start < CAPTCHA_ALPHABET.length; start += 5) {
      const chunk = CAPTCHA_ALPHABET.slice(start, start + 5)
      expect(() => renderCaptchaSvg(chunk, seeded(start))).not.toThrow()
    }
  })

  it('refuses unknown characters and an empty text', () => {
    for (const text of ['ACDE0', 'acdef', 'AC DE', 'O', 'B', '<svg>']) {
      expect(() => renderCaptchaSvg(text)).toThrow(Error)
    }
    expect(() => renderCaptchaSvg('')).toThrow(Error)
  })
})

describe('normalizeCaptchaAnswer', () => {
  it('trims, removes inner whitespace and uppercases', () => {
    expect(normalizeCaptchaAnswer(' ab c7 ')).toBe('ABC7')
    expect(normalizeCaptchaAnswer('\tx\ny ')).toBe('XY')
    expect(normalizeCaptchaAnswer('')).toBe('')
  })
})
