import 'server-only'
import { randomInt } from 'node:crypto'

/**
 * Captcha images for the referral portal: the user types the characters shown in an SVG image. Every
 * character is drawn as stroked paths from a small built-in stroke font, distorted per glyph (rotation,
 * scale, offset, point jitter) and overlaid with noise curves and dots, so the answer cannot be read from
 * the SVG source: there is no <text>, no title and no attribute that holds it.
 */

/** Unambiguous characters only: none of 0/O, 1/I/L, 2/Z, 5/S, 8/B, Q, G/6 and similar look-alikes. */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY3479'

/** A source of random numbers in [0, 1), like Math.random. */
export type RandomSource = () => number

const RANDOM_RANGE = 2 ** 47

/** Cryptographically strong random numbers in [0, 1) from node:crypto. */
export const cryptoRandom: RandomSource = () => randomInt(0, RANDOM_RANGE) / RANDOM_RANGE

/** A random integer in [0, count), safe against a source that returns exactly 1. */
function pick(random: RandomSource, count: number): number {
  return Math.min(count - 1, Math.floor(random() * count))
}

/** A random number in [min, max). */
function between(random: RandomSource, min: number, max: number): number {
  return min + random() * (max - min)
}

/** A random captcha text of the given length from CAPTCHA_ALPHABET. */
export function randomCaptchaText(length = 5, random: RandomSource = cryptoRandom): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`invalid captcha length: ${length}`)
  let text = ''
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[pick(random, CAPTCHA_ALPHABET.length)]
  return text
}

/** Trims, removes inner whitespace and uppercases what the user typed. */
export function normalizeCaptchaAnswer(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

type Point = readonly [number, number]
type Polyline = readonly Point[]

const GLYPH_WIDTH = 4
const GLYPH_HEIGHT = 6

/**
 * The stroke font on a 4×6 grid, x to the right and y downwards: each glyph is a list of polylines
 * separated by "|", each polyline a list of "x,y" points.
 */
const FONT: Readonly<Record<string, string>> = {
  A: '0,6 2,0 4,6 | 0.7,4 3.3,4',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0',
  E: '4,0 0,0 0,6 4,6 | 0,3 3,3',
  F: '4,0 0,0 0,6 | 0,3 3,3',
  H: '0,0 0,6 | 4,0 4,6 | 0,3 4,3',
  J: '1.5,0 4,0 4,5 3,6 1,6 0,5',
  K: '0,0 0,6 | 4,0 0,3.5 | 1.4,2.3 4,6',
  M: '0,6 0,0 2,3.5 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  P: '0,6 0,0 3,0 4,1 4,2.5 3,3.5 0,3.5',
  R: '0,6 0,0 3,0 4,1 4,2.5 3,3.5 0,3.5 | 2,3.5 4,6',
  T: '0,0 4,0 | 2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,2.5 3,6 4,0',
  X: '0,0 4,6 | 4,0 0,6',
  Y: '0,0 2,3 4,0 | 2,3 2,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 1.5,3 | 3,3 4,4 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '7': '0,0 4,0 1.5,6',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6 0,5',
}

const GLYPHS: ReadonlyMap<string, readonly Polyline[]> = new Map(
  Object.entries(FONT).map(([char, lines]) => [
    char,
    lines.split('|').map((line) =>
      line
        .trim()
        .split(/\s+/)
        .map((point): Point => {
          const [x = 0, y = 0] = point.split(',').map(Number)
          return [x, y]
        }),
    ),
  ]),
)

const WIDTH = 200
const HEIGHT = 70
const MARGIN = 12
/** Pixels per font unit at most: a glyph is then 22×33 pixels before scaling. */
const MAX_UNIT = 5.5
const MAX_ROTATION = (18 * Math.PI) / 180
/** Jitter of every glyph point, in pixels either way. */
const POINT_JITTER = 1.2

/** Rounds to one decimal, without a trailing ".0" or a "-0". */
function num(value: number): string {
  const rounded = Math.round(value * 10) / 10
  return String(rounded === 0 ? 0 : rounded)
}

function hex(value: number): string {
  return Math.round(Math.max(0, Math.min(255, value)))
    .toString(16)
    .padStart(2, '0')
}

function colour(red: number, green: number, blue: number): string {
  return `#${hex(red)}${hex(green)}${hex(blue)}`
}

/** A dark colour with a slight random tint. */
function darkColour(random: RandomSource): string {
  return colour(between(random, 15, 70), between(random, 15, 70), between(random, 30, 90))
}

function greyColour(random: RandomSource): string {
  const level = between(random, 120, 165)
  return colour(level, level + between(random, -8, 8), level + between(random, -8, 8))
}

/** Tenths of a pixel, the precision of every coordinate. */
const tenths = (value: number) => Math.round(value * 10)

/**
 * Path data of polylines in pixels, with relative lowercase commands only ("m" and implicit relative
 * line-tos), so no command letter reads as an alphabet character. Deltas come from the rounded points,
 * so rounding does not add up along a line.
 */
function relativePathData(lines: readonly Polyline[]): string {
  let current: Point = [0, 0]
  const parts: string[] = []
  for (const line of lines) {
    line.forEach(([x, y], index) => {
      const point: Point = [tenths(x), tenths(y)]
      parts.push(
        `${index === 0 ? 'm' : ''}${num((point[0] - current[0]) / 10)} ${num((point[1] - current[1]) / 10)}`,
      )
      current = point
    })
  }
  return parts.join(' ')
}

/** The polylines of one glyph in pixels, centred on (centerX, centerY), distorted with the random source. */
function placeGlyph(
  glyph: readonly Polyline[],
  centerX: number,
  centerY: number,
  unit: number,
  random: RandomSource,
): Polyline[] {
  const angle = between(random, -MAX_ROTATION, MAX_ROTATION)
  const scaleX = unit * between(random, 0.88, 1.12)
  const scaleY = unit * between(random, 0.88, 1.12)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return glyph.map((line) =>
    line.map(([x, y]): Point => {
      const dx = (x - GLYPH_WIDTH / 2) * scaleX
      const dy = (y - GLYPH_HEIGHT / 2) * scaleY
      return [
        centerX + dx * cos - dy * sin + between(random, -POINT_JITTER, POINT_JITTER),
        centerY + dx * sin + dy * cos + between(random, -POINT_JITTER, POINT_JITTER),
      ]
    }),
  )
}

/** A cubic bezier curve from the left edge to the right edge, wandering across the image. */
function noiseCurve(random: RandomSource): string {
  const points: Point[] = [
    [between(random, -5, 15), between(random, 5, HEIGHT - 5)],
    [between(random, 40, 90), between(random, -30, HEIGHT + 30)],
    [between(random, 110, 160), between(random, -30, HEIGHT + 30)],
    [between(random, WIDTH - 15, WIDTH + 5), between(random, 5, HEIGHT - 5)],
  ]
  const [start, ...controls] = points.map(([x, y]): Point => [tenths(x), tenths(y)])
  const [x0 = 0, y0 = 0] = start ?? []
  const deltas = controls.map(([x, y]) => `${num((x - x0) / 10)} ${num((y - y0) / 10)}`).join(' ')
  const width = num(between(random, 1.2, 2))
  return `<path d="m${num(x0 / 10)} ${num(y0 / 10)}c${deltas}" stroke="${greyColour(random)}" stroke-width="${width}"/>`
}

function noiseDot(random: RandomSource): string {
  const cx = num(between(random, 2, WIDTH - 2))
  const cy = num(between(random, 2, HEIGHT - 2))
  const r = num(between(random, 0.8, 2))
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${greyColour(random)}"/>`
}

/**
 * A standalone SVG document (200×70) showing the text as distorted stroked glyphs with noise. Throws for
 * an empty text or a character outside CAPTCHA_ALPHABET.
 */
export function renderCaptchaSvg(text: string, random: RandomSource = cryptoRandom): string {
  if (text.length === 0) throw new Error('captcha text is empty')
  const glyphs = [...text].map((char) => {
    const glyph = GLYPHS.get(char)
    if (!glyph || !CAPTCHA_ALPHABET.includes(char)) throw new Error('captcha text has an unknown character')
    return glyph
  })

  const slot = (WIDTH - 2 * MARGIN) / glyphs.length
  const unit = Math.min(MAX_UNIT, slot / (GLYPH_WIDTH + 1.5))
  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(between(random, 238, 250), between(random, 238, 250), between(random, 230, 245))}"/>`,
  )

  const noise: string[] = []
  const curves = 3 + pick(random, 3)
  for (let i = 0; i < curves; i++) noise.push(noiseCurve(random))
  // Some curves run under the glyphs, the others over them.
  const under = pick(random, curves + 1)
  parts.push(`<g fill="none" stroke-linecap="round">`, ...noise.slice(0, under), `</g>`)

  parts.push(`<g fill="none" stroke-linecap="round" stroke-linejoin="round">`)
  glyphs.forEach((glyph, index) => {
    const centerX = MARGIN + slot * (index + 0.5) + between(random, -slot * 0.08, slot * 0.08)
    const centerY = HEIGHT / 2 + between(random, -5, 5)
    const width = num(between(random, 2.6, 3.4))
    parts.push(
      `<path d="${relativePathData(placeGlyph(glyph, centerX, centerY, unit, random))}" stroke="${darkColour(random)}" stroke-width="${width}"/>`,
    )
  })
  parts.push(`</g>`)

  parts.push(`<g fill="none" stroke-linecap="round">`, ...noise.slice(under), `</g>`)
  const dots = 20 + pick(random, 11)
  for (let i = 0; i < dots; i++) parts.push(noiseDot(random))
  parts.push('</svg>')
  return parts.join('')
}
