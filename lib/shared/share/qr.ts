import 'server-only'
import QRCode from 'qrcode'

/** A QR code of the text as an SVG data URL (pictures on the share screen, the card and the story). */
export async function qrSvgDataUrl(text: string, options: { dark?: string } = {}): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    ...(options.dark ? { color: { dark: options.dark } } : {}),
  })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
