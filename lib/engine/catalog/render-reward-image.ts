import 'server-only'
import type { RewardImage } from '@/lib/contracts/rewards'
import type { Locale } from '@/lib/i18n/config'
import type { BrandVariant } from '@/lib/shared/tenants/settings'
import { BRAND_COLOURS, escapeXml, tint } from './render-product-image'
import { formatRewardValue } from './to-produkt'

/**
 * The pictures of a reward (SPEC §7.4 /praemie/{id}/grafik100, grafik50, grafik50empfehler,
 * grafik50empfaenger; §9 sizes 100 and 50): a banknote in the tenant's brand colours with the amount,
 * drawn as standalone SVG like the product pictures. grafik100 shows the whole reward; the grafik50
 * pictures half of it, as the referrer and the friend each receive it when they split 50:50, labelled
 * for whom. Pure and deterministic; every text goes through escapeXml (the programme name is tenant
 * data and may hold "&" or "<").
 */

export const REWARD_IMAGE_SIZE = { width: 640, height: 320 } as const

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif'
const MAX_PROGRAMME = 42

/** The few words on the note. The engine draws them itself, so they live here and not in messages/. */
const WORDS: Record<
  Locale,
  { reward: string; share: (percent: number) => string; referrer: string; friend: string }
> = {
  de: { reward: 'Prämie', share: (p) => `${p} %`, referrer: 'für Sie', friend: 'für Ihren Freund' },
  en: { reward: 'Reward', share: (p) => `${p}%`, referrer: 'for you', friend: 'for your friend' },
}

export type RewardImageInput = {
  /** The whole reward in cents; the grafik50 pictures show half of it. */
  wertCent: number
  image: RewardImage
  brand: BrandVariant
  /** The programme's name, printed on the note like a bank's name. */
  programme: string
  locale: Locale
}

/** The cents a picture shows: half a reward never exceeds half (an odd cent is not split). */
export function shownCents(wertCent: number, image: RewardImage): number {
  return image === 'grafik100' ? wertCent : Math.floor(wertCent / 2)
}

/** The pill under the amount: the share, with whom it is for. */
function shareText(image: RewardImage, locale: Locale): string {
  const w = WORDS[locale]
  if (image === 'grafik100') return w.share(100)
  if (image === 'grafik50empfehler') return `${w.share(50)} ${w.referrer}`
  if (image === 'grafik50empfaenger') return `${w.share(50)} ${w.friend}`
  return w.share(50)
}

/** The picture's title (its text alternative when opened on its own). */
export function rewardImageTitle(input: Pick<RewardImageInput, 'wertCent' | 'image' | 'locale'>): string {
  const amount = formatRewardValue(shownCents(input.wertCent, input.image), input.locale)
  return `${WORDS[input.locale].reward} ${amount} (${shareText(input.image, input.locale)})`
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text

/** Concentric ovals behind the amount, the fine line work of a banknote. */
function guilloche(colour: string): string {
  const rings = Array.from({ length: 8 }, (_, i) => {
    const rx = 70 + i * 24
    const ry = 38 + i * 13
    return `<ellipse cx="456" cy="168" rx="${rx}" ry="${ry}"/>`
  }).join('')
  const wave = (y: number) => `<path d="M0 ${y}q40-14 80 0t80 0t80 0t80 0t80 0t80 0t80 0t80 0"/>`
  return (
    `<g fill="none" stroke="${colour}" stroke-opacity=".12" stroke-width="1.5">${rings}</g>` +
    `<g fill="none" stroke="${colour}" stroke-opacity=".16" stroke-width="2">${wave(266)}${wave(280)}</g>`
  )
}

/** The round seal on the left: a gift, the sign of the reward, in the brand colour. */
function medallion(primary: string, light: string): string {
  return (
    `<circle cx="140" cy="170" r="84" fill="${light}"/>` +
    `<circle cx="140" cy="170" r="84" fill="none" stroke="${tint(primary, 0.5)}" stroke-width="6"/>` +
    `<circle cx="140" cy="170" r="70" fill="none" stroke="${primary}" stroke-opacity=".3" ` +
    'stroke-width="2" stroke-dasharray="3 5"/>' +
    `<g transform="translate(140 170)" fill="none" stroke="${primary}" stroke-width="6" ` +
    'stroke-linecap="round" stroke-linejoin="round">' +
    '<rect x="-36" y="-12" width="72" height="20" rx="4"/><path d="M-30 8v30h60V8M0-12v50"/>' +
    '<path d="M0-12c-7-17-27-22-27-8 0 8 15 8 27 8m0 0c7-17 27-22 27-8 0 8-15 8-27 8"/></g>'
  )
}

export function renderRewardImage(input: RewardImageInput): string {
  const c = BRAND_COLOURS[input.brand] ?? BRAND_COLOURS.aurora
  const { width, height } = REWARD_IMAGE_SIZE
  const amount = formatRewardValue(shownCents(input.wertCent, input.image), input.locale)
  // The amount fills the space right of the seal (about 340 px) and shrinks for longer amounts.
  const amountSize = Math.min(96, Math.floor(340 / (amount.length * 0.6)))
  const share = shareText(input.image, input.locale)
  // Wide enough for the label at 23 px (about 0.6 em a character) with rounded ends.
  const pillWidth = Math.round(share.length * 13.5 + 40)
  // Escaped first, so a name of characters XML cannot hold leaves no empty element behind.
  const programme = escapeXml(shorten(input.programme.trim(), MAX_PROGRAMME)).trim()
  const body =
    '<defs>' +
    `<linearGradient id="note" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.primary}"/>` +
    `<stop offset="1" stop-color="${c.dark}"/></linearGradient>` +
    '<radialGradient id="glow" cx=".22" cy=".53" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".22"/>' +
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>' +
    `<rect width="${width}" height="${height}" rx="20" fill="url(#note)"/>` +
    `<rect width="${width}" height="${height}" rx="20" fill="url(#glow)"/>` +
    guilloche(c.light) +
    '<rect x="14" y="14" width="612" height="292" rx="12" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>' +
    '<rect x="22" y="22" width="596" height="276" rx="8" fill="none" stroke="#fff" stroke-opacity=".25" ' +
    'stroke-width="2" stroke-dasharray="2 6"/>' +
    medallion(c.primary, c.light) +
    (programme
      ? `<text x="40" y="60" fill="#fff" fill-opacity=".9" font-family="${FONT}" font-size="18" ` +
        `font-weight="600" letter-spacing=".5">${programme}</text>`
      : '') +
    `<text x="600" y="112" fill="#fff" fill-opacity=".9" font-family="${FONT}" font-size="26" ` +
    `font-weight="600" text-anchor="end">${escapeXml(WORDS[input.locale].reward)}</text>` +
    `<text x="600" y="200" fill="#fff" font-family="${FONT}" font-size="${amountSize}" font-weight="800" ` +
    `text-anchor="end">${escapeXml(amount)}</text>` +
    `<rect x="${600 - pillWidth}" y="222" width="${pillWidth}" height="46" rx="23" fill="#fff"/>` +
    `<text x="${600 - pillWidth / 2}" y="253" fill="${c.dark}" font-family="${FONT}" font-size="23" ` +
    `font-weight="700" text-anchor="middle">${escapeXml(share)}</text>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img"><title>${escapeXml(rewardImageTitle(input))}</title>${body}</svg>`
  )
}
