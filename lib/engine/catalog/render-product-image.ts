import 'server-only'
import type { Produkt } from '@/lib/contracts/catalog'
import type { BrandVariant } from '@/lib/shared/tenants/settings'
import { BRAND_COLOURS, type BrandColours } from '@/lib/shared/tenants/brand-colours'

/**
 * The image links of the product API (SPEC §7.7 /produktkategorie/{id}/grafik and /icon,
 * /produkt/{id}/grafik and /sgrafik): the built-in catalogue has no photo files, so its images are
 * drawn here as standalone SVG in the tenant's brand colours. Pure and deterministic (same input,
 * same bytes), free of prices, each well under 6 KB.
 */

export { BRAND_COLOURS, type BrandColours }

export type ProductImageSize = 'large' | 'small'

const PRODUCT_SIZES: Record<ProductImageSize, { width: number; height: number }> = {
  large: { width: 640, height: 480 },
  small: { width: 240, height: 180 },
}

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif'
const MAX_LABEL = 20

/** Text for XML content and attributes; characters XML 1.0 cannot hold are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

function colours(brand: BrandVariant): BrandColours {
  return BRAND_COLOURS[brand] ?? BRAND_COLOURS.aurora
}

/** `colour` blended towards white by `amount` (0 = unchanged, 1 = white). */
export function tint(colour: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
  return `#${channels
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

function svgDocument(
  size: { width: number; height: number },
  viewBox: string,
  title: string,
  body: string,
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="${viewBox}" role="img"><title>${escapeXml(title)}</title>${body}</svg>`
  )
}

// ---------------------------------------------------------------------------------------------------------
// Category pictograms: line drawings on a 96 × 96 grid, stroked by the surrounding group (currentColor)

const PICTOGRAMS: Record<string, string> = {
  router:
    '<rect x="12" y="50" width="72" height="26" rx="7"/><path d="M28 50 22 28M68 50l6-22"/>' +
    '<path d="M40.9 38.9a10 10 0 0 1 14.2 0M35.3 33.3a18 18 0 0 1 25.4 0"/><path d="M60 63h12"/>' +
    '<g fill="currentColor" stroke="none"><circle cx="25" cy="63" r="3"/><circle cx="35" cy="63" r="3"/>' +
    '<circle cx="45" cy="63" r="3"/></g>',
  fiber:
    '<path d="M12 62c26 0 28-34 56-34M12 72c26 0 30-20 56-20M12 82c26 0 32-6 56-6"/>' +
    '<g fill="currentColor" stroke="none"><circle cx="76" cy="28" r="5"/><circle cx="76" cy="52" r="5"/>' +
    '<circle cx="76" cy="76" r="5"/></g><path d="M84 20l4-4M86 28h4M84 36l4 4" stroke-width="3"/>',
  tv:
    '<rect x="10" y="18" width="76" height="50" rx="6"/><path d="M34 82h28M48 68v14"/>' +
    '<path d="M42 33v20l17-10z" fill="currentColor"/>',
  sport:
    '<circle cx="48" cy="48" r="34"/><path d="M48 36l11.4 8.3-4.3 13.4H40.9l-4.3-13.4z" fill="currentColor"/>' +
    '<path d="M48 36V14M59.4 44.3l20.9-6.8M55.1 57.7l12.9 17.8M40.9 57.7 28 75.5M36.6 44.3l-20.9-6.8"/>',
  sim:
    '<path d="M30 10h30l14 14v58a4 4 0 0 1-4 4H30a4 4 0 0 1-4-4V14a4 4 0 0 1 4-4z"/>' +
    '<rect x="36" y="42" width="24" height="28" rx="4"/><path d="M36 56h24M48 42v8M48 62v8"/>',
  phone: '<rect x="29" y="8" width="38" height="80" rx="8"/><path d="M43 17h10M42 79h12"/>',
  tablet:
    '<rect x="8" y="18" width="80" height="60" rx="8"/><rect x="17" y="27" width="56" height="42" rx="2"/>' +
    '<circle cx="81" cy="48" r="2.5" fill="currentColor" stroke="none"/>',
  stick:
    '<rect x="14" y="44" width="50" height="26" rx="8"/><path d="M64 50h14a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H64"/>' +
    '<path d="M70 54h5M70 60h5" stroke-width="2.5"/><circle cx="27" cy="57" r="3" fill="currentColor" stroke="none"/>' +
    '<path d="M33.3 34.3a8 8 0 0 1 11.3 0M27.7 28.7a16 16 0 0 1 22.6 0"/>',
  business:
    '<rect x="10" y="30" width="76" height="50" rx="7"/><path d="M36 30v-6a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v6"/>' +
    '<path d="M10 52h32M54 52h32"/><rect x="42" y="46" width="12" height="12" rx="2"/>',
}

const FALLBACK_PICTOGRAM =
  '<rect x="16" y="16" width="26" height="26" rx="5"/><rect x="54" y="16" width="26" height="26" rx="5"/>' +
  '<rect x="16" y="54" width="26" height="26" rx="5"/><rect x="54" y="54" width="26" height="26" rx="5"/>'

/** The icon names the pictograms cover (the categories' Icon values). */
export const CATEGORY_ICONS = Object.keys(PICTOGRAMS)

function pictogram(icon: string, colour: string, strokeWidth: number, transform = ''): string {
  const shape = (Object.hasOwn(PICTOGRAMS, icon) && PICTOGRAMS[icon]) || FALLBACK_PICTOGRAM
  return (
    `<g${transform ? ` transform="${transform}"` : ''} fill="none" stroke="currentColor" color="${colour}" ` +
    `stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${shape}</g>`
  )
}

/** A category's icon (96 × 96): the line pictogram of its Icon name in the brand colour. */
export function renderCategoryIcon(icon: string, brand: BrandVariant, title: string = icon): string {
  return svgDocument(
    { width: 96, height: 96 },
    '0 0 96 96',
    title,
    pictogram(icon, colours(brand).primary, 4),
  )
}

/** A category's picture (640 × 360): the pictogram large on a soft brand gradient, no text. */
export function renderCategoryImage(category: { Name: string; Icon: string }, brand: BrandVariant): string {
  const c = colours(brand)
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/>` +
    `<stop offset="1" stop-color="${tint(c.primary, 0.78)}"/></linearGradient></defs>` +
    '<rect width="640" height="360" fill="url(#bg)"/>' +
    `<circle cx="590" cy="20" r="170" fill="${c.primary}" opacity=".07"/>` +
    `<circle cx="40" cy="350" r="120" fill="${c.primary}" opacity=".06"/>` +
    `<circle cx="320" cy="188" r="120" fill="${c.dark}" opacity=".08"/>` +
    '<circle cx="320" cy="180" r="120" fill="#fff"/>' +
    `<circle cx="320" cy="180" r="138" fill="none" stroke="${c.primary}" stroke-opacity=".18" stroke-width="2"/>` +
    pictogram(category.Icon, c.primary, 3.5, 'translate(236 96) scale(1.75)')
  return svgDocument({ width: 640, height: 360 }, '0 0 640 360', category.Name, body)
}

// ---------------------------------------------------------------------------------------------------------
// Product pictures: one motif per kind of product on a 640 × 480 canvas (the small size scales it)

type Motif = 'smartphone' | 'tablet' | 'surfstick' | 'sim' | 'router' | 'tv' | 'sport' | 'globe' | 'home'

function motifOf(product: Produkt): Motif {
  if (product.Art === 'mobil') return product.GeraeteTyp === 'sim' ? 'sim' : product.GeraeteTyp
  if (product.Quelle === 'business' || /business/i.test(product.Gruppe)) return 'globe'
  if (product.Quelle === 'tv') return 'tv'
  if (product.Quelle === 'sport') return 'sport'
  if (product.Quelle === 'service') return 'home'
  return 'router'
}

function productTitle(product: Produkt): string {
  if (product.Art === 'mobil') {
    return product.TarifHandyAnzeigeName || product.TarifAnzeigeName || product.HandyAnzeigeName
  }
  return product.AnzeigeName || product.Name
}

type Draw = { c: BrandColours; label: string; small: boolean }

const shadow = (c: BrandColours, cy: number, rx: number) =>
  `<ellipse cx="320" cy="${cy}" rx="${rx}" ry="14" fill="${c.dark}" opacity=".16"/>`

/** The maker's name on a screen or body, shrunk to fit `maxWidth`; nothing when there is none. */
function label(d: Draw, x: number, y: number, maxWidth: number, base: number): string {
  const text = d.label.trim()
  if (!text) return ''
  const shown = text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1).trimEnd()}…` : text
  const wanted = d.small ? base * 1.4 : base
  const size = Math.max(10, Math.min(wanted, Math.floor(maxWidth / (shown.length * 0.62))))
  return (
    `<text x="${x}" y="${y}" fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700" ` +
    `text-anchor="middle" letter-spacing=".5">${escapeXml(shown)}</text>`
  )
}

/** Upward arcs (a signal) around (cx, cy) with the given radii, outermost faintest. */
function arcs(cx: number, cy: number, radii: number[], colour: string, width: number): string {
  return radii
    .map((r, i) => {
      const k = +(r * Math.SQRT1_2).toFixed(1)
      const opacity = (1 - i * 0.28).toFixed(2)
      return (
        `<path d="M${+(cx - k).toFixed(1)} ${+(cy - k).toFixed(1)}a${r} ${r} 0 0 1 ${+(2 * k).toFixed(1)} 0" ` +
        `fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`
      )
    })
    .join('')
}

/** A regular polygon's points, the first vertex at `angle` degrees. */
function polygon(cx: number, cy: number, r: number, angle: number, sides = 5): string {
  return Array.from({ length: sides }, (_, i) => {
    const a = ((angle + (360 / sides) * i) * Math.PI) / 180
    return `${+(cx + r * Math.cos(a)).toFixed(1)},${+(cy + r * Math.sin(a)).toFixed(1)}`
  }).join(' ')
}

const SCREEN_WAVE = (x: number, y: number, w: number, h: number, r: number) =>
  `<path d="M${x} ${y + h * 0.62}C${x + w * 0.35} ${y + h * 0.52} ${x + w * 0.62} ${y + h * 0.78} ${x + w} ${y + h * 0.6}` +
  `V${y + h - r}a${r} ${r} 0 0 1-${r} ${r}H${x + r}a${r} ${r} 0 0 1-${r}-${r}z" fill="#fff" opacity=".12"/>`

const MOTIFS: Record<Motif, (d: Draw) => string> = {
  smartphone: (d) =>
    shadow(d.c, 416, 110) +
    `<rect x="402" y="132" width="6" height="46" rx="3" fill="${d.c.dark}"/>` +
    `<rect x="236" y="50" width="168" height="356" rx="32" fill="${d.c.dark}"/>` +
    '<rect x="247" y="61" width="146" height="334" rx="23" fill="url(#scr)"/>' +
    SCREEN_WAVE(247, 61, 146, 334, 23) +
    `<rect x="296" y="74" width="48" height="14" rx="7" fill="${d.c.dark}"/>` +
    label(d, 320, 236, 124, 24) +
    '<rect x="300" y="252" width="40" height="4" rx="2" fill="#fff" opacity=".6"/>' +
    '<rect x="290" y="378" width="60" height="5" rx="2.5" fill="#fff" opacity=".7"/>',
  tablet: (d) =>
    shadow(d.c, 400, 200) +
    `<rect x="112" y="90" width="416" height="292" rx="28" fill="${d.c.dark}"/>` +
    '<rect x="130" y="108" width="380" height="256" rx="12" fill="url(#scr)"/>' +
    SCREEN_WAVE(130, 108, 380, 256, 12) +
    '<circle cx="121" cy="236" r="3.5" fill="#fff" opacity=".35"/>' +
    label(d, 320, 246, 300, 32) +
    '<rect x="296" y="264" width="48" height="5" rx="2.5" fill="#fff" opacity=".6"/>',
  surfstick: (d) =>
    shadow(d.c, 336, 180) +
    arcs(262, 196, [34, 64], d.c.primary, 12) +
    `<rect x="396" y="226" width="112" height="68" rx="8" fill="#dfe3e8" stroke="#aeb6bf" stroke-width="3"/>` +
    '<rect x="462" y="243" width="26" height="11" rx="2" fill="#aeb6bf"/>' +
    '<rect x="462" y="266" width="26" height="11" rx="2" fill="#aeb6bf"/>' +
    `<rect x="136" y="208" width="280" height="104" rx="36" fill="${d.c.dark}"/>` +
    `<rect x="352" y="208" width="22" height="104" fill="${d.c.primary}"/>` +
    `<circle cx="174" cy="260" r="8" fill="${tint(d.c.primary, 0.6)}"/>` +
    label(d, 268, 270, 150, 26),
  sim: (d) =>
    shadow(d.c, 414, 130) +
    '<g transform="rotate(-8 320 240)">' +
    `<path d="M236 88h144l52 52v226a24 24 0 0 1-24 24H236a24 24 0 0 1-24-24V112a24 24 0 0 1 24-24z" fill="url(#scr)"/>` +
    `<rect x="262" y="206" width="116" height="104" rx="16" fill="${tint(d.c.primary, 0.85)}"/>` +
    `<path d="M262 242h40v32h-40M378 242h-40v32h40M302 206v36M338 206v36M302 274v36M338 274v36" ` +
    `fill="none" stroke="${tint(d.c.primary, 0.45)}" stroke-width="3" stroke-linejoin="round"/>` +
    arcs(262, 158, [16, 32], '#fff', 7) +
    '</g>',
  router: (d) =>
    shadow(d.c, 376, 190) +
    arcs(320, 214, [34, 66, 98], d.c.primary, 13) +
    `<circle cx="320" cy="214" r="10" fill="${d.c.primary}"/>` +
    `<rect x="184" y="146" width="16" height="124" rx="8" fill="${d.c.dark}" transform="rotate(-8 192 270)"/>` +
    `<rect x="440" y="146" width="16" height="124" rx="8" fill="${d.c.dark}" transform="rotate(8 448 270)"/>` +
    `<rect x="170" y="350" width="44" height="14" rx="5" fill="${d.c.dark}"/>` +
    `<rect x="426" y="350" width="44" height="14" rx="5" fill="${d.c.dark}"/>` +
    `<rect x="140" y="252" width="360" height="106" rx="26" fill="${d.c.dark}"/>` +
    `<rect x="140" y="252" width="360" height="40" rx="20" fill="${d.c.primary}" opacity=".55"/>` +
    `<g fill="${tint(d.c.primary, 0.6)}"><circle cx="186" cy="322" r="6"/><circle cx="212" cy="322" r="6"/>` +
    '<circle cx="238" cy="322" r="6"/></g>' +
    '<rect x="372" y="318" width="96" height="8" rx="4" fill="#fff" opacity=".25"/>',
  tv: (d) =>
    shadow(d.c, 410, 150) +
    `<path d="M288 330h64l20 64H268z" fill="${d.c.dark}"/>` +
    `<rect x="228" y="388" width="184" height="12" rx="6" fill="${d.c.dark}"/>` +
    `<rect x="120" y="88" width="400" height="250" rx="18" fill="${d.c.dark}"/>` +
    '<rect x="133" y="101" width="374" height="224" rx="8" fill="url(#scr)"/>' +
    SCREEN_WAVE(133, 101, 374, 224, 8) +
    '<circle cx="320" cy="213" r="46" fill="#fff" opacity=".95"/>' +
    `<path d="M306 190v46l38-23z" fill="${d.c.primary}"/>`,
  sport: (d) => {
    const spokes = [-90, -18, 54, 126, 198].map((a) => {
      const r = (a * Math.PI) / 180
      const at = (radius: number) =>
        `${+(340 + radius * Math.cos(r)).toFixed(1)} ${+(240 + radius * Math.sin(r)).toFixed(1)}`
      return {
        line: `M${at(42)}L${at(100)}`,
        patch: polygon(340 + 136 * Math.cos(r), 240 + 136 * Math.sin(r), 36, a + 180),
      }
    })
    return (
      shadow(d.c, 410, 120) +
      `<path d="M70 196h96M44 240h110M78 284h84" stroke="${d.c.primary}" stroke-width="12" stroke-linecap="round" opacity=".4"/>` +
      '<clipPath id="ball"><circle cx="340" cy="240" r="140"/></clipPath>' +
      '<circle cx="340" cy="240" r="140" fill="#fff"/>' +
      `<g clip-path="url(#ball)" fill="${d.c.dark}" stroke="${d.c.dark}" stroke-width="6" stroke-linejoin="round">` +
      `<polygon points="${polygon(340, 240, 42, -90)}"/>` +
      spokes.map((s) => `<polygon points="${s.patch}"/>`).join('') +
      `<path d="${spokes.map((s) => s.line).join('')}" fill="none"/></g>` +
      `<circle cx="340" cy="240" r="140" fill="none" stroke="${d.c.dark}" stroke-width="6"/>`
    )
  },
  globe: (d) => {
    const ring = (path: string) =>
      `<path d="${path}" fill="none" stroke="${d.c.dark}" stroke-width="6" opacity=".45" ` +
      'transform="rotate(-16 320 236)"/>'
    return (
      shadow(d.c, 412, 120) +
      ring('M98 236a222 58 0 0 1 444 0') +
      '<circle cx="320" cy="236" r="150" fill="url(#scr)"/>' +
      '<g fill="none" stroke="#fff" stroke-width="4" opacity=".55">' +
      '<ellipse cx="320" cy="236" rx="62" ry="150"/><path d="M320 86v300M170 236h300"/>' +
      '<path d="M190 161c80 18 180 18 260 0M190 311c80-18 180-18 260 0"/></g>' +
      ring('M542 236a222 58 0 0 1-444 0') +
      `<circle cx="138" cy="296" r="12" fill="${d.c.dark}"/>`
    )
  },
  home: (d) =>
    shadow(d.c, 404, 170) +
    `<rect x="410" y="112" width="36" height="80" rx="4" fill="${d.c.dark}"/>` +
    `<path d="M320 96 492 236h-36v150H184V236h-36z" fill="url(#scr)" stroke="${d.c.primary}" ` +
    'stroke-width="16" stroke-linejoin="round"/>' +
    `<rect x="292" y="304" width="56" height="90" rx="8" fill="${d.c.light}"/>` +
    arcs(320, 266, [28, 54], '#fff', 11) +
    '<circle cx="320" cy="266" r="9" fill="#fff"/>',
}

/** A gift in a circle (the reward), without an amount. */
const rewardBadge = (c: BrandColours) =>
  '<circle cx="568" cy="76" r="46" fill="#fff"/>' +
  `<circle cx="568" cy="76" r="40" fill="${c.primary}"/>` +
  '<g fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">' +
  '<rect x="547" y="68" width="42" height="12" rx="3"/><path d="M551 80v20h34V80M568 68v32"/>' +
  '<path d="M568 68c-4-10-16-13-16-5 0 5 9 5 16 5m0 0c4-10 16-13 16-5 0 5-9 5-16 5"/></g>'

/**
 * A product's picture: large 640 × 480, small 240 × 180 (same drawing). A device offer shows the
 * device with its maker's name on the screen, a SIM tariff a SIM card, a fixed-line product a router,
 * a TV, a football, a globe (business) or a home (service); a product with rewards gets the gift badge.
 */
export function renderProductImage(product: Produkt, brand: BrandVariant, size: ProductImageSize): string {
  const c = colours(brand)
  const draw: Draw = {
    c,
    label: product.Art === 'mobil' ? product.Hersteller : '',
    small: size === 'small',
  }
  const body =
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/>` +
    `<stop offset="1" stop-color="${tint(c.primary, 0.8)}"/></linearGradient>` +
    `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.primary}"/>` +
    `<stop offset="1" stop-color="${tint(c.primary, 0.38)}"/></linearGradient></defs>` +
    '<rect width="640" height="480" fill="url(#bg)"/>' +
    `<circle cx="600" cy="440" r="190" fill="${c.primary}" opacity=".06"/>` +
    `<circle cx="40" cy="30" r="130" fill="${c.primary}" opacity=".05"/>` +
    '<circle cx="320" cy="236" r="196" fill="#fff" opacity=".5"/>' +
    MOTIFS[motifOf(product)](draw) +
    (product.Praemien.length > 0 ? rewardBadge(c) : '')
  return svgDocument(PRODUCT_SIZES[size], '0 0 640 480', productTitle(product), body)
}

/** What the handlers answering svgImageResponse declare for the API's description. */
export const SVG = { media: ['image/svg+xml'] } as const

/** The HTTP answer for one of these images: cacheable for a day (or maxAge seconds), never sniffed, no scripts. */
export function svgImageResponse(svg: string, maxAge = 86_400): Response {
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': `public, max-age=${maxAge}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
