import type { ComponentType, ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { AtSign, Briefcase, ChevronDown, Inbox, Mail, MessageSquare, type LucideProps } from 'lucide-react'
import { siFacebook, siGmail, siInstagram, siWhatsapp, siX, siXing, type SimpleIcon } from 'simple-icons'
import {
  groupedChannels,
  shareTarget,
  type ShareChannel,
  type ShareTexts,
} from '@/lib/shared/share/share-links'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import styles from './share.module.css'

/** The brand mark of a channel (simple-icons), in the brand's colour; decorative beside the name. */
function BrandMark({ icon }: { icon: SimpleIcon }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={icon.path} fill={`#${icon.hex}`} />
    </svg>
  )
}

/** A neutral interface icon (lucide) where no brand mark may be shown (LinkedIn, Outlook, Yahoo, SMS). */
function Neutral({ icon: Icon }: { icon: ComponentType<LucideProps> }) {
  return <Icon className={styles.icon} aria-hidden="true" />
}

const ICONS: Record<ShareChannel, ReactNode> = {
  Whatsapp: <BrandMark icon={siWhatsapp} />,
  Facebook: <BrandMark icon={siFacebook} />,
  Twitter: <BrandMark icon={siX} />,
  Xing: <BrandMark icon={siXing} />,
  Instagram: <BrandMark icon={siInstagram} />,
  Gmail: <BrandMark icon={siGmail} />,
  LinkedIn: <Neutral icon={Briefcase} />,
  Sms: <Neutral icon={MessageSquare} />,
  EmailClient: <Neutral icon={Mail} />,
  Outlook: <Neutral icon={Inbox} />,
  Yahoo: <Neutral icon={AtSign} />,
}

type Props = {
  settings: PublicTenantConfig['Settings']
  /** The personal link; every channel shares it marked with its own click channel. */
  link: string
  /** The channel texts for a link (SPEC §3 wording of the recommendation's reward mode). */
  texts: (link: string) => ShareTexts
  /** The id of the story section on the page; without it the Instagram story gets no button. */
  storyAnchor?: string
}

/**
 * The tenant's share channels as buttons with their marks: messengers and social channels first,
 * WhatsApp at their head, then the mail channels folded into one "Per E-Mail teilen" group (a single
 * mail channel stays a button of its own). Within a group the tenant's sort order holds.
 */
export function ShareChannels({ settings, link, texts, storyAnchor }: Props) {
  const t = useTranslations('Share')
  const { social, mail } = groupedChannels(settings)
  const button = (channel: ShareChannel) => {
    const kanal = t(`Channels.${channel}`)
    if (channel === 'Instagram') {
      if (!storyAnchor) return null
      return (
        <li key={channel}>
          <a
            className={styles.channel}
            href={`#${storyAnchor}`}
            aria-label={t('channelLabel', { kanal })}
            data-channel={channel}
          >
            {ICONS[channel]}
            <span>{kanal}</span>
          </a>
        </li>
      )
    }
    const target = shareTarget(channel, link, texts, settings)
    return (
      <li key={channel} className={channel === 'Whatsapp' ? styles.lead : undefined}>
        <a
          className={styles.channel}
          href={target.href}
          {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          aria-label={`${t('channelLabel', { kanal })}${target.external ? ` ${t('opensNewWindow')}` : ''}`}
          data-channel={channel}
        >
          {ICONS[channel]}
          <span>{kanal}</span>
        </a>
      </li>
    )
  }
  const folded = mail.length > 1
  const main = folded ? social : [...social, ...mail]
  if (main.length === 0 && !folded) return null
  return (
    <section className={styles.channels} aria-labelledby="share-channels-title">
      <h3 id="share-channels-title" className={styles.sectionTitle}>
        {t('channelsTitle')}
      </h3>
      {main.length > 0 && <ul className={styles.channelList}>{main.map(button)}</ul>}
      {folded && (
        <details className={styles.mail}>
          <summary className={styles.mailSummary}>
            <Mail className={styles.icon} aria-hidden="true" />
            <span>{t('mailGroup')}</span>
            <ChevronDown className={styles.chevron} aria-hidden="true" />
          </summary>
          <ul className={styles.channelList}>{mail.map(button)}</ul>
        </details>
      )}
    </section>
  )
}
