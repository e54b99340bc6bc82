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

type Motif =
  | 'smartphone'
  | 'tablet'
  | 'surfstick'
  | 'hotspot'
  | 'sim'
  | 'simData'
  | 'simPrepaid'
  | 'simWatch'
  | 'simDuo'
  | 'router'
  | 'hybrid'
  | 'fibre'
  | 'tv'
  | 'satellite'
  | 'sport'
  | 'website'
  | 'shop'
  | 'hosting'
  | 'globe'
  | 'home'

/** The motif of a product: its kind, and within a kind what sets it apart (SIM use, TV reception, web). */
function motifOf(product: Produkt): Motif {
  const kategorie = product.Produktkategorie
  if (product.Art === 'mobil') {
    if (product.GeraeteTyp === 'sim') {
      if (/daten/.test(kategorie)) return 'simData'
      if (/prepaid/.test(kategorie)) return 'simPrepaid'
      if (/combi/.test(kategorie)) return 'simDuo'
      if (/zusatz/.test(kategorie) && /watch/i.test(product.TarifAnzeigeName)) return 'simWatch'
      return 'sim'
    }
    if (product.GeraeteTyp === 'surfstick' && /hotspot/i.test(product.HandyAnzeigeName)) return 'hotspot'
    return product.GeraeteTyp
  }
  if (product.Quelle === 'business' || /business/i.test(product.Gruppe)) {
    if (/shop/.test(kategorie)) return 'shop'
    if (/webseite/.test(kategorie)) return 'website'
    if (/hosting/.test(kategorie)) return 'hosting'
    return 'globe'
  }
  if (product.Quelle === 'tv') return /satellit/.test(kategorie) ? 'satellite' : 'tv'
  if (product.Quelle === 'sport') return 'sport'
  if (product.Quelle === 'service') return 'home'
  if (/glasfaser/.test(kategorie)) return 'fibre'
  return product.Hybrid ? 'hybrid' : 'router'
}

/** A device maker's look: body colour, screen corner radius and camera layout. */
type MakerLook = {
  body: string
  rim: string
  radius: number
  camera: 'square' | 'pill' | 'circle' | 'triple'
}

/** The demo's makers, drawn recognisably; any other maker gets a look derived from its name. */
const MAKERS: Record<string, MakerLook> = {
  Nordphone: { body: '#1f2f46', rim: '#8fa6c8', radius: 34, camera: 'square' },
  Sonaris: { body: '#c3c8cf', rim: '#5d636b', radius: 16, camera: 'pill' },
  Kivo: { body: '#b4321f', rim: '#f1b5a8', radius: 26, camera: 'circle' },
  Taiga: { body: '#2f5a3c', rim: '#b9d3a4', radius: 10, camera: 'triple' },
}

function makerLook(maker: string): MakerLook {
  if (Object.hasOwn(MAKERS, maker)) return MAKERS[maker]!
  let hash = 0
  for (const ch of maker) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const cameras = ['square', 'pill', 'circle', 'triple'] as const
  return {
    body: `hsl(${hash % 360} 38% 32%)`,
    rim: `hsl(${hash % 360} 40% 78%)`,
    radius: 10 + (hash % 4) * 8,
    camera: cameras[(hash >> 3) % 4]!,
  }
}

/** The camera module on a device's back at (x, y). */
function camera(look: MakerLook, x: number, y: number): string {
  const lens = (cx: number, cy: number, r = 11) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#11151b" stroke="${look.rim}" stroke-width="3"/>`
  switch (look.camera) {
    case 'square':
      return `<rect x="${x}" y="${y}" width="64" height="64" rx="16" fill="${look.rim}" opacity=".45"/>${lens(x + 20, y + 20)}${lens(x + 44, y + 44)}`
    case 'pill':
      return `<rect x="${x}" y="${y}" width="30" height="84" rx="15" fill="${look.rim}" opacity=".45"/>${lens(x + 15, y + 18)}${lens(x + 15, y + 42)}${lens(x + 15, y + 66, 8)}`
    case 'circle':
      return `<circle cx="${x + 34}" cy="${y + 34}" r="34" fill="${look.rim}" opacity=".45"/>${lens(x + 34, y + 34, 16)}`
    case 'triple':
      return `${lens(x + 14, y + 14)}${lens(x + 14, y + 42)}${lens(x + 14, y + 70)}`
  }
}

function productTitle(product: Produkt): string {
  if (product.Art === 'mobil') {
    return product.TarifHandyAnzeigeName || product.TarifAnzeigeName || product.HandyAnzeigeName
  }
  return product.AnzeigeName || product.Name
}

type Draw = { c: BrandColours; label: string; small: boolean; maker: MakerLook; arcs: number }

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
      const opacity = (1 - i * 0.22).toFixed(2)
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

/** A SIM card at (x, y), 150 × 200, turned by `angle`, its chip in the brand's tint. */
function simCard(c: BrandColours, x: number, y: number, angle: number, fill = 'url(#scr)'): string {
  return (
    `<g transform="rotate(${angle} ${x + 75} ${y + 100})">` +
    `<path d="M${x + 20} ${y}h90l40 40v140a20 20 0 0 1-20 20H${x + 20}a20 20 0 0 1-20-20V${y + 20}a20 20 0 0 1 20-20z" fill="${fill}"/>` +
    `<rect x="${x + 36}" y="${y + 86}" width="78" height="70" rx="12" fill="${tint(c.primary, 0.85)}"/>` +
    `<path d="M${x + 36} ${y + 110}h26v22h-26M${x + 114} ${y + 110}h-26v22h26M${x + 62} ${y + 86}v24M${x + 88} ${y + 86}v24M${x + 62} ${y + 132}v24M${x + 88} ${y + 132}v24" ` +
    `fill="none" stroke="${tint(c.primary, 0.45)}" stroke-width="3"/></g>`
  )
}

/** A browser window 360 × 250 at (140, 96) with `content` inside. */
function browser(c: BrandColours, content: string): string {
  return (
    shadow(c, 390, 190) +
    `<rect x="140" y="96" width="360" height="264" rx="16" fill="#fff" stroke="${c.dark}" stroke-width="6"/>` +
    `<path d="M140 140h360" stroke="${c.dark}" stroke-width="6"/>` +
    `<g fill="${c.primary}"><circle cx="166" cy="118" r="7"/><circle cx="188" cy="118" r="7" opacity=".6"/><circle cx="210" cy="118" r="7" opacity=".35"/></g>` +
    `<rect x="236" y="110" width="240" height="16" rx="8" fill="${tint(c.primary, 0.85)}"/>` +
    content
  )
}

const MOTIFS: Record<Motif, (d: Draw) => string> = {
  smartphone: (d) =>
    shadow(d.c, 420, 150) +
    // The back, in the maker's colour with its camera, behind the front.
    `<g transform="rotate(10 400 240)"><rect x="322" y="62" width="168" height="346" rx="${d.maker.radius}" fill="${d.maker.body}"/>` +
    camera(d.maker, 340, 84) +
    `</g>` +
    `<rect x="196" y="56" width="168" height="356" rx="${d.maker.radius}" fill="${d.maker.body}"/>` +
    `<rect x="206" y="66" width="148" height="336" rx="${Math.max(6, d.maker.radius - 9)}" fill="url(#scr)"/>` +
    SCREEN_WAVE(206, 66, 148, 336, Math.max(6, d.maker.radius - 9)) +
    `<circle cx="280" cy="84" r="6" fill="${d.maker.body}"/>` +
    label(d, 280, 238, 124, 24) +
    '<rect x="250" y="384" width="60" height="5" rx="2.5" fill="#fff" opacity=".7"/>',
  tablet: (d) =>
    shadow(d.c, 404, 210) +
    `<rect x="100" y="86" width="440" height="300" rx="${d.maker.radius}" fill="${d.maker.body}"/>` +
    `<rect x="118" y="104" width="404" height="264" rx="${Math.max(6, d.maker.radius - 12)}" fill="url(#scr)"/>` +
    SCREEN_WAVE(118, 104, 404, 264, Math.max(6, d.maker.radius - 12)) +
    `<circle cx="109" cy="236" r="4" fill="${d.maker.rim}"/>` +
    label(d, 320, 246, 300, 32) +
    (d.maker.camera === 'pill'
      ? '<rect x="470" y="330" width="10" height="120" rx="5" fill="#3a3f47" transform="rotate(-30 475 390)"/>'
      : ''),
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
  hotspot: (d) =>
    shadow(d.c, 372, 150) +
    arcs(320, 170, [40, 72, 104], d.c.primary, 12) +
    `<rect x="200" y="200" width="240" height="168" rx="44" fill="${d.maker.body}"/>` +
    `<rect x="232" y="232" width="176" height="72" rx="14" fill="url(#scr)"/>` +
    label(d, 320, 278, 150, 22) +
    `<g fill="${d.maker.rim}"><circle cx="290" cy="334" r="7"/><circle cx="320" cy="334" r="7"/><circle cx="350" cy="334" r="7"/></g>`,
  sim: (d) =>
    shadow(d.c, 414, 130) +
    simCard(d.c, 245, 120, -8) +
    arcs(320, 118, [22, 44, 66, 88].slice(0, d.arcs), d.c.primary, 10),
  simData: (d) =>
    shadow(d.c, 414, 160) +
    simCard(d.c, 200, 124, -8) +
    `<g fill="none" stroke="${d.c.primary}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round">` +
    '<path d="M430 330V170M400 200l30-30 30 30"/><path d="M490 170v160M460 300l30 30 30-30" opacity=".6"/></g>',
  simPrepaid: (d) =>
    shadow(d.c, 414, 160) +
    simCard(d.c, 180, 120, -10) +
    `<circle cx="450" cy="250" r="74" fill="${d.c.primary}"/>` +
    '<path d="M450 210v80M410 250h80" stroke="#fff" stroke-width="16" stroke-linecap="round"/>',
  simWatch: (d) =>
    shadow(d.c, 420, 130) +
    `<rect x="266" y="56" width="108" height="368" rx="40" fill="${d.c.dark}" opacity=".85"/>` +
    `<rect x="226" y="146" width="188" height="188" rx="52" fill="${d.c.dark}"/>` +
    '<rect x="242" y="162" width="156" height="156" rx="40" fill="url(#scr)"/>' +
    '<path d="M320 196v44l28 18" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round"/>' +
    `<rect x="414" y="214" width="14" height="44" rx="6" fill="${d.c.dark}"/>`,
  simDuo: (d) =>
    shadow(d.c, 414, 190) +
    simCard(d.c, 150, 120, -14, tint(d.c.primary, 0.35)) +
    simCard(d.c, 330, 116, 8) +
    `<circle cx="320" cy="110" r="30" fill="#fff"/><path d="M305 110h30M320 95v30" stroke="${d.c.primary}" stroke-width="8" stroke-linecap="round"/>`,
  router: (d) => router(d),
  hybrid: (d) =>
    router(d) +
    `<path d="M520 360V150" stroke="${d.c.dark}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M494 360l26-80 26 80" fill="none" stroke="${d.c.dark}" stroke-width="8" stroke-linejoin="round"/>` +
    arcs(520, 150, [24, 44], d.c.primary, 8),
  fibre: (d) =>
    shadow(d.c, 404, 190) +
    `<rect x="360" y="150" width="160" height="230" rx="22" fill="${d.c.dark}"/>` +
    `<circle cx="440" cy="230" r="34" fill="${tint(d.c.primary, 0.7)}"/><circle cx="440" cy="230" r="14" fill="#fff"/>` +
    `<g fill="${tint(d.c.primary, 0.6)}"><circle cx="408" cy="330" r="6"/><circle cx="430" cy="330" r="6"/><circle cx="452" cy="330" r="6"/></g>` +
    '<g fill="none" stroke-linecap="round" stroke-width="9">' +
    `<path d="M100 150C220 150 260 230 410 230" stroke="${d.c.primary}"/>` +
    `<path d="M100 230C230 230 270 236 410 232" stroke="${tint(d.c.primary, 0.35)}"/>` +
    `<path d="M100 310C220 310 260 234 410 234" stroke="${d.c.primary}" opacity=".7"/></g>` +
    '<g fill="#fff"><circle cx="100" cy="150" r="9"/><circle cx="100" cy="230" r="9"/><circle cx="100" cy="310" r="9"/></g>',
  tv: (d) =>
    shadow(d.c, 410, 150) +
    `<path d="M288 330h64l20 64H268z" fill="${d.c.dark}"/>` +
    `<rect x="228" y="388" width="184" height="12" rx="6" fill="${d.c.dark}"/>` +
    `<rect x="120" y="88" width="400" height="250" rx="18" fill="${d.c.dark}"/>` +
    '<rect x="133" y="101" width="374" height="224" rx="8" fill="url(#scr)"/>' +
    SCREEN_WAVE(133, 101, 374, 224, 8) +
    '<circle cx="320" cy="213" r="46" fill="#fff" opacity=".95"/>' +
    `<path d="M306 190v46l38-23z" fill="${d.c.primary}"/>`,
  satellite: (d) =>
    MOTIFS.tv(d) +
    `<g transform="translate(512 236) rotate(-25 60 60)"><path d="M10 40a60 60 0 0 0 100 50z" fill="#fff" stroke="${d.c.dark}" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M60 65 86 30" stroke="${d.c.dark}" stroke-width="7"/><circle cx="88" cy="27" r="9" fill="${d.c.primary}"/></g>`,
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
  website: (d) =>
    browser(
      d.c,
      `<rect x="168" y="164" width="150" height="90" rx="10" fill="url(#scr)"/>` +
        `<g fill="${tint(d.c.primary, 0.75)}"><rect x="336" y="168" width="136" height="14" rx="7"/><rect x="336" y="196" width="110" height="14" rx="7"/><rect x="336" y="224" width="124" height="14" rx="7"/>` +
        '<rect x="168" y="278" width="304" height="14" rx="7"/><rect x="168" y="306" width="240" height="14" rx="7"/></g>',
    ),
  shop: (d) =>
    browser(
      d.c,
      `<g fill="none" stroke="${d.c.primary}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">` +
        '<path d="M220 186h30l30 110h130l26-80H266"/></g>' +
        `<g fill="${d.c.dark}"><circle cx="292" cy="326" r="14"/><circle cx="398" cy="326" r="14"/></g>`,
    ),
  hosting: (d) =>
    shadow(d.c, 412, 150) +
    [96, 206, 316]
      .map(
        (y, i) =>
          `<rect x="200" y="${y}" width="240" height="92" rx="14" fill="${i === 1 ? 'url(#scr)' : d.c.dark}"/>` +
          `<g fill="${i === 1 ? '#fff' : tint(d.c.primary, 0.6)}"><circle cx="234" cy="${y + 46}" r="8"/><circle cx="262" cy="${y + 46}" r="8"/></g>` +
          `<rect x="330" y="${y + 40}" width="84" height="12" rx="6" fill="#fff" opacity=".35"/>`,
      )
      .join(''),
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

/** The router of the fixed-line products; its product class (S…XL) sets how many signal arcs it sends. */
function router(d: Draw): string {
  const radii = [34, 66, 98, 130].slice(0, d.arcs)
  return (
    shadow(d.c, 376, 190) +
    arcs(320, 214, radii, d.c.primary, 13) +
    `<circle cx="320" cy="214" r="10" fill="${d.c.primary}"/>` +
    `<rect x="184" y="146" width="16" height="124" rx="8" fill="${d.c.dark}" transform="rotate(-8 192 270)"/>` +
    `<rect x="440" y="146" width="16" height="124" rx="8" fill="${d.c.dark}" transform="rotate(8 448 270)"/>` +
    `<rect x="170" y="350" width="44" height="14" rx="5" fill="${d.c.dark}"/>` +
    `<rect x="426" y="350" width="44" height="14" rx="5" fill="${d.c.dark}"/>` +
    `<rect x="140" y="252" width="360" height="106" rx="26" fill="${d.c.dark}"/>` +
    `<rect x="140" y="252" width="360" height="40" rx="20" fill="${d.c.primary}" opacity=".55"/>` +
    `<g fill="${tint(d.c.primary, 0.6)}"><circle cx="186" cy="322" r="6"/><circle cx="212" cy="322" r="6"/>` +
    '<circle cx="238" cy="322" r="6"/></g>' +
    '<rect x="372" y="318" width="96" height="8" rx="4" fill="#fff" opacity=".25"/>'
  )
}

/** The product class as a pill in the upper left corner (S, M, L, XL), so offers of one kind differ. */
function classPill(c: BrandColours, klasse: string): string {
  const width = 48 + klasse.length * 32
  return (
    `<rect x="30" y="32" width="${width}" height="76" rx="38" fill="${c.dark}"/>` +
    `<text x="${30 + width / 2}" y="84" fill="#fff" font-family="${FONT}" font-size="44" font-weight="800" text-anchor="middle">${escapeXml(klasse)}</text>`
  )
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
 * device in its maker's colour and shape (camera, corners) with the maker's name on the screen, a
 * surf stick or hotspot; a SIM tariff a SIM card (for data, prepaid, a watch or two cards); a
 * fixed-line product a router (its class sets the signal), a hybrid router with a mast, a fibre box,
 * a TV (with a dish for satellite), a football, a website, a shop, servers, a globe (business) or a
 * home (service). The product class stands in a pill; a product with rewards gets the gift badge.
 */
export function renderProductImage(product: Produkt, brand: BrandVariant, size: ProductImageSize): string {
  const c = colours(brand)
  const maker = product.Art === 'mobil' ? product.Hersteller : ''
  const draw: Draw = {
    c,
    label: maker,
    small: size === 'small',
    maker: makerLook(maker),
    arcs: { S: 1, M: 2, L: 3, XL: 4 }[product.Klasse] ?? 2,
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
    classPill(c, product.Klasse) +
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
