import { getTranslations } from 'next-intl/server'
import {
  ContentLinkButton,
  keyVisualOf,
  keyVisualSources,
  type Placement,
} from '@/components/content/page-content'
import type { PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import styles from './reward-hero.module.css'

/** The reward the hero sells: one amount, or a range ("bis zu …") when the products differ. */
export type HeroReward = { wert: string; upTo: boolean } | null

/**
 * The one hero of home and the category pages: the reward figure and one "Jetzt empfehlen" button that
 * leads to the product choice right below (an in-page link, so the cached page stays the same for
 * everyone). The place's key visual (Display.KeyVisual) lends its picture, its link (a quiet text link,
 * so the button stays the only one) and, without a kicker of the page, its title; its text would only
 * repeat the figure. So the page never shows two heroes saying the same.
 */
export async function RewardHero({
  ctx,
  config,
  placement,
  title,
  lead,
  kicker,
  reward,
  targetId,
  headingId,
  note,
}: {
  ctx: PortalContext
  config: PublicTenantConfig
  placement: Placement
  title: string
  lead: string
  kicker?: string
  reward: HeroReward
  /** The id of the product choice the button leads to. */
  targetId: string
  headingId: string
  /** A short line under the figure (Display.BountyNotice on home). */
  note?: string
}) {
  const t = await getTranslations('RewardHero')
  const visual = await keyVisualOf(ctx, config, placement)
  const picture = visual ? keyVisualSources(ctx, visual.Bild.Id) : null
  return (
    <section
      className={`hero ${styles.hero}${picture ? ` ${styles.withPicture}` : ''}`}
      aria-labelledby={headingId}
    >
      <div className={styles.text}>
        {(kicker ?? visual?.Titel) && <p className={styles.kicker}>{kicker ?? visual?.Titel}</p>}
        <h1 id={headingId} className={styles.title}>
          {title}
        </h1>
        {reward && (
          <p className={styles.figure} data-reward-figure="">
            {reward.upTo && <span className={styles.upTo}>{t('upTo')} </span>}
            <span className={styles.amount}>{reward.wert}</span>
            <span className={styles.per}>{t('perContract')}</span>
          </p>
        )}
        <p className={`lead ${styles.lead}`}>{lead}</p>
        <div className={styles.actions}>
          <a className={`button ${styles.cta}`} href={`#${targetId}`}>
            {t('cta')}
          </a>
          {visual?.Link && config.Settings.Display.Cta && (
            <ContentLinkButton ctx={ctx} link={visual.Link} plain />
          )}
        </div>
        {note && <p className={styles.note}>{note}</p>}
      </div>
      {visual && picture && (
        // eslint-disable-next-line @next/next/no-img-element -- images come scaled from the content service
        <img
          className={styles.picture}
          src={picture.src}
          srcSet={picture.srcSet}
          sizes="(min-width: 1024px) 560px, 100vw"
          width={visual.Bild.Breite}
          height={visual.Bild.Hoehe}
          alt={visual.Bild.Alt}
          fetchPriority={placement === 'home' ? 'high' : undefined}
        />
      )}
    </section>
  )
}
