import 'server-only'
import type { BrandVariant } from '@/lib/shared/tenants/settings'
import { BRAND_COLOURS } from '@/lib/shared/tenants/brand-colours'
import { escapeXml, tint } from '@/lib/engine/catalog/render-product-image'

/**
 * An agent's photo (GET /Produkt/{ExterneId}/grafik, 240 × 240 SVG): the built-in engine keeps no
 * photo files, so each agent gets a drawn head-and-shoulders portrait. Skin tone, hair colour and
 * style, and the shirt follow from the agent's number: the same agent always looks the same, and a
 * list of agents looks like different people. Pure and deterministic, no text but the title.
 */

const SKIN = ['#f6d7c3', '#eac0a0', '#d9a27e', '#c68863', '#a86b4a', '#7d4f36']
const HAIR = ['#2b2222', '#4a3426', '#6f4e37', '#a0714f', '#c9a26b', '#8d8d8d', '#1f1f2b']
const SHIRTS = ['#2f4b7c', '#3f6f5a', '#5b4a7a', '#7a3f3f', '#35606f', '#4d4d57']
const STYLES = ['short', 'side', 'long', 'bun', 'curly'] as const
type HairStyle = (typeof STYLES)[number]

function hash(text: string): number {
  let h = 0x811c9dc5
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193)
  return h >>> 0
}

function pick<T>(list: readonly T[], seed: number, shift: number): T {
  return list[(seed >>> shift) % list.length]!
}

/** Hair drawn behind the head (long hair falls over the shoulders). */
function hairBehind(style: HairStyle, colour: string): string {
  if (style === 'long')
    return `<path d="M74 116C70 66 96 52 120 52s52 14 46 64l6 74c-18 10-86 10-104 0z" fill="${colour}"/>`
  if (style === 'bun') return `<circle cx="120" cy="52" r="19" fill="${colour}"/>`
  return ''
}

/** Hair drawn over the head: the crown and the fringe. */
function hairOver(style: HairStyle, colour: string): string {
  switch (style) {
    case 'short':
      return `<path d="M80 112c-4-40 16-56 40-56s46 14 40 56c-4-18-18-28-40-28s-36 10-40 28z" fill="${colour}"/>`
    case 'side':
      return (
        `<path d="M80 116c-6-42 14-60 42-60 26 0 44 16 38 56-6-14-18-22-30-24-16 10-36 14-50 28z" ` +
        `fill="${colour}"/>`
      )
    case 'long':
      return `<path d="M80 112c-2-38 18-54 40-54s42 16 40 54c-10-20-24-30-40-30-14 8-28 18-40 30z" fill="${colour}"/>`
    case 'bun':
      return `<path d="M80 110c-2-36 18-50 40-50s42 14 40 50c-8-16-22-24-40-24s-32 8-40 24z" fill="${colour}"/>`
    case 'curly':
      return (
        `<g fill="${colour}"><circle cx="86" cy="96" r="13"/><circle cx="98" cy="76" r="15"/>` +
        '<circle cx="120" cy="68" r="16"/><circle cx="142" cy="76" r="15"/><circle cx="154" cy="96" r="13"/>' +
        '<circle cx="110" cy="80" r="12"/><circle cx="130" cy="80" r="12"/></g>'
      )
  }
}

export function renderAgentPortrait(
  agent: { ExterneId: string; FirstName: string; LastName: string },
  brand: BrandVariant,
): string {
  const c = BRAND_COLOURS[brand] ?? BRAND_COLOURS.aurora
  const seed = hash(agent.ExterneId)
  const skin = pick(SKIN, seed, 0)
  const hair = pick(HAIR, seed, 5)
  const shirt = pick(SHIRTS, seed, 10)
  const style = pick(STYLES, seed, 15)
  const title = `${agent.FirstName} ${agent.LastName}`.trim() || agent.ExterneId
  const body =
    `<rect width="240" height="240" fill="${tint(c.primary, 0.86)}"/>` +
    `<circle cx="206" cy="30" r="70" fill="${c.primary}" opacity=".08"/>` +
    hairBehind(style, hair) +
    `<path d="M36 240c0-52 36-76 84-76s84 24 84 76z" fill="${shirt}"/>` +
    `<path d="M100 166l20 26 20-26z" fill="${tint(shirt, 0.82)}"/>` +
    `<rect x="106" y="138" width="28" height="32" rx="12" fill="${skin}"/>` +
    `<path d="M106 152c8 8 20 8 28 0v-10h-28z" fill="#000" opacity=".08"/>` +
    `<circle cx="81" cy="116" r="9" fill="${skin}"/><circle cx="159" cy="116" r="9" fill="${skin}"/>` +
    `<ellipse cx="120" cy="110" rx="39" ry="45" fill="${skin}"/>` +
    hairOver(style, hair) +
    `<path d="M99 104q7-5 14 0M127 104q7-5 14 0" fill="none" stroke="${hair}" stroke-width="3" ` +
    'stroke-linecap="round"/>' +
    '<circle cx="106" cy="115" r="3.6" fill="#2b2424"/><circle cx="134" cy="115" r="3.6" fill="#2b2424"/>' +
    '<path d="M120 118v10" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M108 136q12 10 24 0" fill="none" stroke="#7a3b32" stroke-width="3" stroke-linecap="round"/>'
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img">' +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  )
}
