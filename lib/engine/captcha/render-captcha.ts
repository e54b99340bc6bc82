import 'server-only'
import { randomBytes, randomInt } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

/**
 * Captcha images for the referral portal: the user types the characters shown in a PNG picture. Every
 * character is drawn from a small built-in stroke font, distorted per glyph (rotation, scale, offset,
 * point jitter), crossed by noise curves (some as dark as the glyphs) and dots, and the whole picture
 * is warped by waves and grained. A raster picture, not vector markup: nothing in it names a glyph or
 * separates one from the noise, so the answer has to be read off the pixels as a person does.
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

/**
 * A fast generator (sfc32) seeded with 128 strong random bits: for drawing a picture, which takes tens
 * of thousands of numbers (the grain of every pixel); the text itself comes from cryptoRandom.
 */
export function pictureRandom(): RandomSource {
  const seed = randomBytes(16)
  let [a, b, c, d] = [0, 4, 8, 12].map((at) => seed.readUInt32LE(at)) as [number, number, number, number]
  return () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
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

/** A grey-level picture, 0 black to 255 white, row by row. */
type Canvas = Float32Array

/** Draws a line of the given width and grey level, its edges anti-aliased by their distance. */
function drawSegment(canvas: Canvas, [x0, y0]: Point, [x1, y1]: Point, width: number, level: number) {
  const reach = width / 2 + 1
  const left = Math.max(0, Math.floor(Math.min(x0, x1) - reach))
  const right = Math.min(WIDTH - 1, Math.ceil(Math.max(x0, x1) + reach))
  const top = Math.max(0, Math.floor(Math.min(y0, y1) - reach))
  const bottom = Math.min(HEIGHT - 1, Math.ceil(Math.max(y0, y1) + reach))
  const dx = x1 - x0
  const dy = y1 - y0
  const length2 = dx * dx + dy * dy
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const px = x + 0.5
      const py = y + 0.5
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / length2))
      const distance = Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy))
      const cover = Math.max(0, Math.min(1, width / 2 + 0.5 - distance))
      if (cover === 0) continue
      const at = y * WIDTH + x
      // The darker wins where strokes meet, so joints do not darken twice.
      canvas[at] = Math.min(canvas[at]!, canvas[at]! * (1 - cover) + level * cover)
    }
  }
}

function drawPolyline(canvas: Canvas, line: Polyline, width: number, level: number) {
  for (let i = 1; i < line.length; i++) drawSegment(canvas, line[i - 1]!, line[i]!, width, level)
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

/** A cubic bezier curve from the left edge to the right edge, wandering across the picture, as a polyline. */
function noiseCurve(random: RandomSource): Polyline {
  const [p0, p1, p2, p3] = [
    [between(random, -5, 15), between(random, 5, HEIGHT - 5)],
    [between(random, 40, 90), between(random, -30, HEIGHT + 30)],
    [between(random, 110, 160), between(random, -30, HEIGHT + 30)],
    [between(random, WIDTH - 15, WIDTH + 5), between(random, 5, HEIGHT - 5)],
  ] as const
  const points: Point[] = []
  for (let i = 0; i <= 40; i++) {
    const t = i / 40
    const [a, b, c, d] = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3]
    points.push([
      a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
      a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
    ])
  }
  return points
}

/** The picture moved by two waves (one along each axis), read between pixels. */
function warp(canvas: Canvas, random: RandomSource): Canvas {
  const out = new Float32Array(canvas.length)
  const ax = between(random, 1.5, 2.5)
  const ay = between(random, 2, 3.5)
  const wx = (2 * Math.PI) / between(random, 28, 44)
  const wy = (2 * Math.PI) / between(random, 50, 80)
  const [fx, fy] = [between(random, 0, 2 * Math.PI), between(random, 0, 2 * Math.PI)]
  const at = (x: number, y: number) =>
    canvas[Math.max(0, Math.min(HEIGHT - 1, y)) * WIDTH + Math.max(0, Math.min(WIDTH - 1, x))]!
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const sx = x + ax * Math.sin(y * wx + fx)
      const sy = y + ay * Math.sin(x * wy + fy)
      const x0 = Math.floor(sx)
      const y0 = Math.floor(sy)
      const [tx, ty] = [sx - x0, sy - y0]
      const upper = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
      const lower = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
      out[y * WIDTH + x] = upper * (1 - ty) + lower * ty
    }
  }
  return out
}

/** A PNG file (8-bit grey) of the picture. */
function encodePng(canvas: Canvas): Buffer {
  const rows = Buffer.alloc(HEIGHT * (WIDTH + 1))
  for (let y = 0; y < HEIGHT; y++) {
    // Each row starts with its filter type, 0 (none).
    for (let x = 0; x < WIDTH; x++)
      rows[y * (WIDTH + 1) + 1 + x] = Math.round(Math.max(0, Math.min(255, canvas[y * WIDTH + x]!)))
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'ascii')
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
    return Buffer.concat([head, data, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(WIDTH, 0)
  header.writeUInt32BE(HEIGHT, 4)
  // 8 bits per sample, colour type 0 (grey), deflate, adaptive filtering, no interlace.
  header.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The size of the picture, in pixels. */
export const CAPTCHA_SIZE = { width: WIDTH, height: HEIGHT } as const

/**
 * A PNG picture (200×70, grey) showing the text as distorted glyphs with noise. Throws for an empty text
 * or a character outside CAPTCHA_ALPHABET.
 */
export function renderCaptchaPng(text: string, random: RandomSource = pictureRandom()): Buffer {
  if (text.length === 0) throw new Error('captcha text is empty')
  const glyphs = [...text].map((char) => {
    const glyph = GLYPHS.get(char)
    if (!glyph || !CAPTCHA_ALPHABET.includes(char)) throw new Error('captcha text has an unknown character')
    return glyph
  })
  const canvas: Canvas = new Float32Array(WIDTH * HEIGHT).fill(between(random, 236, 248))

  // Light curves under the glyphs; over them, light ones and one or two as dark as a glyph's stroke.
  const curves = 3 + pick(random, 3)
  const under = pick(random, curves + 1)
  const light = () => between(random, 120, 175)
  for (let i = 0; i < under; i++) drawPolyline(canvas, noiseCurve(random), between(random, 1.2, 2), light())

  const slot = (WIDTH - 2 * MARGIN) / glyphs.length
  const unit = Math.min(MAX_UNIT, slot / (GLYPH_WIDTH + 1.5))
  glyphs.forEach((glyph, index) => {
    const centerX = MARGIN + slot * (index + 0.5) + between(random, -slot * 0.08, slot * 0.08)
    const centerY = HEIGHT / 2 + between(random, -5, 5)
    const width = between(random, 2.6, 3.4)
    const level = between(random, 20, 70)
    for (const line of placeGlyph(glyph, centerX, centerY, unit, random))
      drawPolyline(canvas, line, width, level)
  })

  for (let i = under; i < curves; i++)
    drawPolyline(canvas, noiseCurve(random), between(random, 1.2, 2), light())
  const dark = 1 + pick(random, 2)
  for (let i = 0; i < dark; i++)
    drawPolyline(canvas, noiseCurve(random), between(random, 1.4, 2.2), between(random, 30, 80))
  const dots = 20 + pick(random, 11)
  for (let i = 0; i < dots; i++) {
    const centre: Point = [between(random, 2, WIDTH - 2), between(random, 2, HEIGHT - 2)]
    drawSegment(canvas, centre, centre, between(random, 1.6, 4), between(random, 60, 170))
  }

  const picture = warp(canvas, random)
  // Grain, so no two pixels of the background or a stroke are alike.
  for (let i = 0; i < picture.length; i++) picture[i] = picture[i]! + between(random, -14, 14)
  return encodePng(picture)
}
