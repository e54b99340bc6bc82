import type { Locale } from '@/lib/i18n/config'
import type { BrandColours } from '@/lib/shared/tenants/brand-colours'

/** The HTML part of a mail: table layout and inline styles in the tenant's brand colours. */

const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif"

export type HtmlParts = {
  lang: Locale
  colours: BrandColours
  title: string
  preheader: string
  brand: string
  heading: string
  greeting: string
  paragraphs: string[]
  button?: { label: string; href: string }
  buttonFallback: string
  links: { label: string; href: string; note?: string }[]
  notes: string[]
  signoff: string
  footer: string[]
  mandantUrl?: string
}

/** Every argument is already escaped HTML. Table layout and inline styles for mail clients. */
export function htmlDocument(p: HtmlParts): string {
  const c = p.colours
  const para = (content: string, extra = '') =>
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${c.text};${extra}">${content}</p>`
  const link = (href: string) =>
    `<a href="${href}" style="color:${c.primary};text-decoration:underline;word-break:break-all;">${href}</a>`
  // Invisible filler after the preheader keeps clients from showing the body text in the preview.
  const filler = '&#847;&zwnj;&nbsp;'.repeat(40)
  const buttonBlock = (
    button: { label: string; href: string },
    fallback: string,
  ) => `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;">
<tr>
<td align="center" bgcolor="${c.primary}" style="background-color:${c.primary};border-radius:6px;">
<a href="${button.href}" target="_blank" style="display:inline-block;padding:14px 28px;border:1px solid ${c.primary};border-radius:6px;background-color:${c.primary};font-family:${FONT};font-size:16px;line-height:20px;font-weight:bold;color:${c.onPrimary};text-decoration:none;">${button.label}</a>
</td>
</tr>
</table>
${para(`${fallback}<br>${link(button.href)}`, `font-size:14px;line-height:20px;color:${c.muted};`)}`

  return `<!DOCTYPE html>
<html lang="${p.lang}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${p.title}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${c.light};">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${p.preheader}${filler}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${c.light};">
<tr>
<td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid ${c.border};">
<tr>
<td bgcolor="${c.primary}" style="background-color:${c.primary};padding:20px 32px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:bold;color:${c.onPrimary};">${p.brand}</td>
</tr>
<tr>
<td style="padding:32px 32px 16px 32px;">
<h1 style="margin:0 0 24px 0;font-family:${FONT};font-size:24px;line-height:32px;font-weight:bold;color:${c.primary};">${p.heading}</h1>
${para(p.greeting)}
${p.paragraphs.map((x) => para(x)).join('\n')}
${p.button ? buttonBlock(p.button, p.buttonFallback) : ''}
${p.links
  .map(
    (l) =>
      para(`<strong>${l.label}</strong><br>${link(l.href)}`, l.note ? 'margin-bottom:4px;' : '') +
      (l.note ? '\n' + para(l.note, `font-size:14px;line-height:20px;color:${c.muted};`) : ''),
  )
  .join('\n')}
${p.notes.map((x) => para(x)).join('\n')}
${para(p.signoff, 'margin:24px 0 16px 0;')}
</td>
</tr>
<tr>
<td style="padding:16px 32px 24px 32px;border-top:1px solid ${c.border};font-family:${FONT};font-size:12px;line-height:18px;color:${c.muted};">
${p.footer.join('<br>\n')}${p.mandantUrl ? `<br>\n<a href="${p.mandantUrl}" style="color:${c.muted};text-decoration:underline;">${p.mandantUrl}</a>` : ''}
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`
}
