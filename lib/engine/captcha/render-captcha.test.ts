import { inflateSync } from 'node:zlib'
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_SIZE,
  cryptoRandom,
  normalizeCaptchaAnswer,
  pictureRandom,
  randomCaptchaText,
  renderCaptchaPng,
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

/** The chunks of a PNG file, by type, in order. */
function chunksOf(png: Buffer): { type: string; data: Buffer }[] {
  const chunks: { type: string; data: Buffer }[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    chunks.push({ type: png.toString('ascii', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) })
    at += 12 + length
  }
  return chunks
}

/** The grey levels of a PNG as renderCaptchaPng writes it (8-bit grey, no filter), row by row. */
function pixelsOf(png: Buffer): Uint8Array {
  const { width, height } = CAPTCHA_SIZE
  const rows = inflateSync(
    Buffer.concat(
      chunksOf(png)
        .filter((c) => c.type === 'IDAT')
        .map((c) => c.data),
    ),
  )
  expect(rows).toHaveLength(height * (width + 1))
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width + 1)]).toBe(0)
    pixels.set(rows.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width)
  }
  return pixels
}

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

describe('pictureRandom', () => {
  it('returns numbers in [0, 1), another sequence each time', () => {
    const random = pictureRandom()
    const values = Array.from({ length: 10_000 }, random)
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
    // Spread over the range: each tenth holds roughly a tenth.
    for (let tenth = 0; tenth < 10; tenth++) {
      const share = values.filter((v) => Math.floor(v * 10) === tenth).length / values.length
      expect(share).toBeGreaterThan(0.08)
      expect(share).toBeLessThan(0.12)
    }
    expect(Array.from({ length: 4 }, pictureRandom())).not.toEqual(Array.from({ length: 4 }, pictureRandom()))
  })
})

describe('renderCaptchaPng', () => {
  it('returns a PNG file, 200×70 in 8-bit grey', () => {
    const png = renderCaptchaPng('ACE47')
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const chunks = chunksOf(png)
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    const header = chunks[0]!.data
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([200, 70])
    // 8 bits, grey, deflate, adaptive filtering, not interlaced.
    expect([...header.subarray(8)]).toEqual([8, 0, 0, 0, 0])
    expect(pixelsOf(png)).toHaveLength(200 * 70)
  })

  it('draws dark strokes on a light, grained ground, the text nowhere in the file', () => {
    for (let seed = 0; seed < 20; seed++) {
      const random = seeded(seed)
      const text = randomCaptchaText(5, random)
      const png = renderCaptchaPng(text, random)
      const pixels = pixelsOf(png)
      const dark = pixels.filter((p) => p < 100).length / pixels.length
      const light = pixels.filter((p) => p > 200).length / pixels.length
      // Five glyphs and a dark curve or two take about a tenth of the picture; most of it is ground.
      expect(dark).toBeGreaterThan(0.04)
      expect(dark).toBeLessThan(0.3)
      expect(light).toBeGreaterThan(0.5)
      // Grain: the ground is not one flat level.
      expect(new Set(pixels.filter((p) => p > 200)).size).toBeGreaterThan(20)
      expect(png.toString('latin1')).not.toContain(text)
    }
  })

  it('renders identically with the same seed, differently with another seed or text', () => {
    expect(renderCaptchaPng('ACDEF', seeded(42))).toEqual(renderCaptchaPng('ACDEF', seeded(42)))
    expect(renderCaptchaPng('ACDEF', seeded(42))).not.toEqual(renderCaptchaPng('ACDEF', seeded(43)))
    expect(renderCaptchaPng('ACDEF', seeded(42))).not.toEqual(renderCaptchaPng('HJKMN', seeded(42)))
    expect(renderCaptchaPng('ACDEF')).not.toEqual(renderCaptchaPng('ACDEF'))
  })

  it('stays below 16 KB for 5 characters', () => {
    for (let seed = 0; seed < 50; seed++) {
      const random = seeded(seed)
      expect(renderCaptchaPng(randomCaptchaText(5, random), random).length).toBeLessThan(16 * 1024)
    }
  })

  it('has a glyph for every character of the alphabet', () => {
    for (let start = 0; start < CAPTCHA_ALPHABET.length; start += 5) {
      const chunk = CAPTCHA_ALPHABET.slice(start, start + 5)
      expect(() => renderCaptchaPng(chunk, seeded(start))).not.toThrow()
    }
  })

  it('refuses unknown characters and an empty text', () => {
    for (const text of ['ACDE0', 'acdef', 'AC DE', 'O', 'B', '<svg>']) {
      expect(() => renderCaptchaPng(text)).toThrow(Error)
    }
    expect(() => renderCaptchaPng('')).toThrow(Error)
  })
})

describe('normalizeCaptchaAnswer', () => {
  it('trims, removes inner whitespace and uppercases', () => {
    expect(normalizeCaptchaAnswer(' ab c7 ')).toBe('ABC7')
    expect(normalizeCaptchaAnswer('\tx\ny ')).toBe('XY')
    expect(normalizeCaptchaAnswer('')).toBe('')
  })
})
