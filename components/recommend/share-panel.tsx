import { getTranslations } from 'next-intl/server'
import type { Recommendation } from '@/lib/contracts/recommendation'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { codePageOf, formatCode, markedLink, NATIVE_SHARE_CHANNEL } from '@/lib/shared/share/share-links'
import { sheetText, shareWording } from '@/lib/shared/share/share-texts'
import { ClientMessages } from '@/components/ui/client-messages'
import { qrSvgDataUrl } from '@/lib/shared/share/qr'
import type { Locale } from '@/lib/i18n/config'
import { OfflineCodeCard } from './offline-code-card'
import { ShareChannels } from './share-channels'
import { InstagramStory, ShareLink } from './share-controls'
import styles from './share.module.css'

type Props = {
  recommendation: Recommendation
  settings: PublicTenantConfig['Settings']
  referrer: { vorname: string; nachname: string }
  locale: Locale
  /** Address of the story picture (portal route, needs the referrer's session). */
  storyHref: string
  /** The Danke page with the steps of a recommendation passed on in person. */
  offlineHref?: string
  /** A line under the link, e.g. how long the recommendation is valid. */
  note?: string
}

const STORY_ID = 'share-story'

/**
 * EmpfehlungTeilen (SPEC §2.2), phone first: the personal link with one large button (the system's
 * share sheet, or copying where there is none), the tenant's channels with their marks (WhatsApp first,
 * the mail services folded into one group), then QR code, Instagram story picture and, with
 * ModuleErstelleOfflineEmpfehlungCode, the typable code with a printable recommendation card.
 */
export async function SharePanel({
  recommendation,
  settings,
  referrer,
  locale,
  storyHref,
  offlineHref,
  note,
}: Props) {
  const t = await getTranslations('Share')
  const wording = shareWording(await getTranslations('Share.Messages'), {
    mandant: settings.Name,
    produkt: recommendation.Produkt.AnzeigeName,
    vorname: referrer.vorname,
    nachname: referrer.nachname,
    totalCents: recommendation.Praemie?.WertCent ?? 0,
    anteilEmpfehler: recommendation.AnteilEmpfehler,
    maxRecipientCents: settings.MaxEmpfaengerPraemieCent,
    locale,
  })
  const link = recommendation.Link
  const sheetUrl = markedLink(link, NATIVE_SHARE_CHANNEL)
  const sheet = wording.texts(sheetUrl)
  const storyOn = settings.ModuleInstagram >= 0
  const qrSrc = await qrSvgDataUrl(link)
  const codeUrl = codePageOf(link)
  const code = recommendation.Code ? formatCode(recommendation.Code) : null
  const storyValues = {
    mandant: settings.Name,
    produkt: recommendation.Produkt.AnzeigeName,
    praemie: wording.praemie,
    code: code ?? recommendation.Empfehlungsnummer,
  }
  return (
    <section className={styles.panel} aria-labelledby="share-title">
      <div className={styles.top}>
        <div className={styles.hero}>
          <h2 id="share-title" className={styles.heroTitle}>
            {t('title')}
          </h2>
          <p className={styles.intro}>{t('intro')}</p>
          <ClientMessages locale={locale} namespaces={['Share']}>
            <ShareLink
              link={link}
              share={{
                title: sheet.emailSubject,
                text: sheetText(sheet.short, sheetUrl),
                url: sheetUrl,
              }}
            />
          </ClientMessages>
          {note && <p className={styles.note}>{note}</p>}
        </div>
        <ShareChannels
          settings={settings}
          link={link}
          texts={wording.texts}
          storyAnchor={storyOn ? STORY_ID : undefined}
        />
      </div>
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
        {storyOn && (
          <section
            id={STORY_ID}
            tabIndex={-1}
            className="card share-story"
            aria-labelledby="share-story-title"
          >
            <h3 id="share-story-title">{t('storyTitle')}</h3>
            <p>{t('storyText')}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a picture generated per recommendation */}
            <img
              src={storyHref}
              alt={t(wording.friendCents > 0 ? 'storyAltReward' : 'storyAltTip', storyValues)}
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
