import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'

/**
 * The share channels of a tenant (SPEC §3 channel modules: -1 hidden, otherwise the sort order) and the
 * address each opens with the prepared message. Pure: the texts come in already filled.
 */

export const SHARE_CHANNELS = [
  'EmailClient',
  'Gmail',
  'Outlook',
  'Yahoo',
  'Facebook',
  'Whatsapp',
  'Xing',
  'LinkedIn',
  'Twitter',
  'Sms',
  'Instagram',
] as const
export type ShareChannel = (typeof SHARE_CHANNELS)[number]

/** Reward mode of a recommendation's message (SPEC §3): by the referrer's share. */
export type RewardMode = 'Empfehler' | 'Both' | 'Empfaenger'
export function rewardMode(anteilEmpfehler: number): RewardMode {
  if (anteilEmpfehler >= 100) return 'Empfehler'
  if (anteilEmpfehler <= 0) return 'Empfaenger'
  return 'Both'
}

/** The click channel recorded for the recipient's landing (GET /empfehlen/click/{nr}?channel=). */
export const CLICK_CHANNEL: Record<ShareChannel, string> = {
  EmailClient: 'email',
  Gmail: 'gmail',
  Outlook: 'outlook',
  Yahoo: 'yahoo',
  Facebook: 'facebook',
  Whatsapp: 'whatsapp',
  Xing: 'xing',
  LinkedIn: 'linkedin',
  Twitter: 'twitter',
  Sms: 'sms',
  Instagram: 'instagram',
}

type Settings = PublicTenantConfig['Settings']

function order(settings: Settings, channel: ShareChannel): number {
  return settings[`Module${channel}` as const]
}

/** The tenant's enabled channels in their sort order (ties keep the SPEC order). */
export function orderedChannels(settings: Settings): ShareChannel[] {
  return SHARE_CHANNELS.filter((c) => order(settings, c) >= 0).sort(
    (a, b) => order(settings, a) - order(settings, b),
  )
}

/** The channels that open a mail (a mail program or a webmail's compose page). */
export const MAIL_CHANNELS: readonly ShareChannel[] = ['EmailClient', 'Gmail', 'Outlook', 'Yahoo']

/**
 * The share screen's groups: messengers and social channels first, WhatsApp at their head (the channel
 * most friends read first), then the mail channels. Within a group the tenant's sort order holds.
 */
export function groupedChannels(settings: Settings): { social: ShareChannel[]; mail: ShareChannel[] } {
  const ordered = orderedChannels(settings)
  const social = ordered.filter((c) => !MAIL_CHANNELS.includes(c))
  return {
    social: social.includes('Whatsapp') ? ['Whatsapp', ...social.filter((c) => c !== 'Whatsapp')] : social,
    mail: ordered.filter((c) => MAIL_CHANNELS.includes(c)),
  }
}

export type ShareTexts = {
  /** The short message (WhatsApp wording, reused by every channel but e-mail), link included. */
  short: string
  emailSubject: string
  /** The longer e-mail greeting with the sign-off, link included. */
  emailBody: string
}

export type ShareTarget = {
  channel: ShareChannel
  href: string
  /** Opens another site. */ external: boolean
}

/** The click channel of the system's share sheet (Web Share API): the app the referrer picks is unknown. */
export const NATIVE_SHARE_CHANNEL = 'share'

/** The personal link marked with a click channel (GET /empfehlen/click/{nr}?channel=). */
export function markedLink(link: string, clickChannel: string): string {
  const url = new URL(link)
  url.searchParams.set('channel', clickChannel)
  return url.toString()
}

/** The link a channel shares: the personal link marked with the channel for the click count. */
export function channelLink(link: string, channel: ShareChannel): string {
  return markedLink(link, CLICK_CHANNEL[channel])
}

const enc = encodeURIComponent

/** Where each channel's button goes; the Instagram story has no address (picture download instead). */
export function shareTarget(
  channel: Exclude<ShareChannel, 'Instagram'>,
  link: string,
  texts: (link: string) => ShareTexts,
  settings: Pick<Settings, 'FacebookId'>,
): ShareTarget {
  const own = channelLink(link, channel)
  const { short, emailSubject, emailBody } = texts(own)
  switch (channel) {
    case 'Whatsapp':
      return { channel, href: `https://wa.me/?text=${enc(short)}`, external: true }
    case 'Facebook':
      return {
        channel,
        href: settings.FacebookId
          ? `https://www.facebook.com/dialog/share?app_id=${enc(settings.FacebookId)}&display=popup&href=${enc(own)}&quote=${enc(short)}`
          : `https://www.facebook.com/sharer/sharer.php?u=${enc(own)}`,
        external: true,
      }
    case 'Twitter':
      return {
        channel,
        href: `https://twitter.com/intent/tweet?text=${enc(short.replace(own, '').trim())}&url=${enc(own)}`,
        external: true,
      }
    case 'Xing':
      return { channel, href: `https://www.xing.com/spi/shares/new?url=${enc(own)}`, external: true }
    case 'LinkedIn':
      return {
        channel,
        href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(own)}`,
        external: true,
      }
    case 'Sms':
      // "sms:?&body=" is understood by iOS and Android alike.
      return { channel, href: `sms:?&body=${enc(short)}`, external: false }
    case 'EmailClient':
      return { channel, href: `mailto:?subject=${enc(emailSubject)}&body=${enc(emailBody)}`, external: false }
    case 'Gmail':
      return {
        channel,
        href: `https://mail.google.com/mail/?view=cm&fs=1&su=${enc(emailSubject)}&body=${enc(emailBody)}`,
        external: true,
      }
    case 'Outlook':
      return {
        channel,
        href: `https://outlook.live.com/mail/0/deeplink/compose?subject=${enc(emailSubject)}&body=${enc(emailBody)}`,
        external: true,
      }
    case 'Yahoo':
      return {
        channel,
        href: `https://compose.mail.yahoo.com/?subject=${enc(emailSubject)}&body=${enc(emailBody)}`,
        external: true,
      }
  }
}

/**
 * The reward each side gets for a reward of `totalCents` under the referrer's share (100, 50, 0). The
 * friend's part is capped by the tenant's MaxEmpfaengerPraemieCent (SPEC §3); the referrer's is not.
 */
export function rewardSplit(
  totalCents: number,
  anteilEmpfehler: number,
  maxRecipientCents: number | null,
): { referrerCents: number; friendCents: number } {
  const referrerCents = Math.round((totalCents * anteilEmpfehler) / 100)
  const friendShare = totalCents - referrerCents
  const friendCents = maxRecipientCents === null ? friendShare : Math.min(friendShare, maxRecipientCents)
  return { referrerCents, friendCents }
}

/** The offline code as people type it: ABCD-EFGH. */
export function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** The portal's code page next to a personal link ({base}/empfehlung/{nr} → {base}/code). */
export function codePageOf(link: string): string {
  return link.replace(/\/empfehlung\/[^/?#]+$/, '/code')
}
