import { getTranslations } from 'next-intl/server'
import type { Recommendation } from '@/lib/contracts/recommendation'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import {
  codePageOf,
  formatCode,
  orderedChannels,
  rewardMode,
  rewardSplit,
  shareTarget,
  type ShareTexts,
} from '@/lib/shared/share/share-links'
import { ClientMessages } from '@/components/ui/client-messages'
import { qrSvgDataUrl } from '@/lib/shared/share/qr'
import type { Locale } from '@/lib/i18n/config'
import { OfflineCodeCard } from './offline-code-card'
import { CopyLink, InstagramStory, NativeShare } from './share-controls'

type Props = {
  recommendation: Recommendation
  settings: PublicTenantConfig['Settings']
  referrer: { vorname: string; nachname: string }
  locale: Locale
  /** Address of the story picture (portal route, needs the referrer's session). */
  storyHref: string
  /** The Danke page with the steps of a recommendation passed on in person. */
  offlineHref?: string
}

/**
 * EmpfehlungTeilen (SPEC §2.2): the personal link with copy and the system share sheet, the tenant's
 * channels in their order with the message of the reward mode, the QR code, the Instagram story picture
 * and, with ModuleErstelleOfflineEmpfehlungCode, the typable code with a printable recommendation card.
 */
export async function SharePanel({
  recommendation,
  settings,
  referrer,
  locale,
  storyHref,
  offlineHref,
}: Props) {
  const t = await getTranslations('Share')
  const mode = rewardMode(recommendation.AnteilEmpfehler)
  const cents = recommendation.Praemie?.WertCent ?? 0
  // The amount the messages name: what the friend gets (for the referrer-only mode: the whole reward).
  const split = rewardSplit(cents, recommendation.AnteilEmpfehler, settings.MaxEmpfaengerPraemieCent)
  const friendCents = mode === 'Empfehler' ? cents : split.friendCents
  const praemie = formatRewardValue(friendCents, locale)
  const values = (link: string) => ({
    mandant: settings.Name,
    produkt: recommendation.Produkt.AnzeigeName,
    praemie,
    link,
    vorname: referrer.vorname,
    nachname: referrer.nachname,
  })
  // Without a reward the messages do not promise one.
  const shortKey = cents > 0 ? mode : 'Empfehler'
  const texts = (link: string): ShareTexts => ({
    short: t(`Messages.${shortKey}`, values(link)),
    emailSubject: t('Messages.EmailSubject', values(link)),
    emailBody: t(`Messages.Email${shortKey}`, values(link)),
  })
  const channels = orderedChannels(settings)
  const link = recommendation.Link
  const qrSrc = await qrSvgDataUrl(link)
  const codeUrl = codePageOf(link)
  const code = recommendation.Code ? formatCode(recommendation.Code) : null
  const nativeText = texts(link).short
  return (
    <section className="share-panel" aria-labelledby="share-title">
      <h2 id="share-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ClientMessages locale={locale} namespaces={['Share']}>
        <CopyLink link={link} />
        <NativeShare title={t('Messages.EmailSubject', values(link))} text={nativeText} />
      </ClientMessages>
      {channels.length > 0 && (
        <>
          <h3>{t('channelsTitle')}</h3>
          <ul className="share-channels">
            {channels.map((channel) => {
              if (channel === 'Instagram') return null
              const target = shareTarget(channel, link, texts, settings)
              const kanal = t(`Channels.${channel}`)
              return (
                <li key={channel}>
                  <a
                    className={`share-channel share-channel--${channel.toLowerCase()}`}
                    href={target.href}
                    {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    aria-label={`${t('channelLabel', { kanal })}${target.external ? ` ${t('opensNewWindow')}` : ''}`}
                    data-channel={channel}
                  >
                    {kanal}
                  </a>
                </li>
              )
            })}
          </ul>
        </>
      )}
      <div className="share-extras">
        <section className="card share-qr" aria-labelledby="share-qr-title">
          <h3 id="share-qr-title">{t('qrTitle')}</h3>
          <p>{t('qrText')}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL generated here */}
          <img src={qrSrc} alt={t('qrAlt')} width={200} height={200} />
          <p>
            <a href={qrSrc} download={`empfehlung-${recommendation.Empfehlungsnummer}.svg`}>
              {t('qrDownload')}
            </a>
          </p>
        </section>
        {channels.includes('Instagram') && (
          <section className="card share-story" aria-labelledby="share-story-title">
            <h3 id="share-story-title">{t('storyTitle')}</h3>
            <p>{t('storyText')}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a picture generated per recommendation */}
            <img
              src={storyHref}
              alt={t('storyAlt', {
                mandant: settings.Name,
                praemie,
                code: code ?? recommendation.Empfehlungsnummer,
              })}
              width={180}
              height={320}
            />
            <ClientMessages locale={locale} namespaces={['Share']}>
              <InstagramStory
                storyHref={storyHref}
                fileName={`empfehlung-${recommendation.Empfehlungsnummer}.png`}
              />
            </ClientMessages>
          </section>
        )}
        {code && offlineHref && (
          <OfflineCodeCard
            code={code}
            codeUrl={codeUrl}
            qrSrc={qrSrc}
            programme={settings.ProgrammName}
            locale={locale}
            more={{ href: offlineHref, label: t('offlineLink') }}
          />
        )}
      </div>
    </section>
  )
}
