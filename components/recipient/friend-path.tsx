import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { Produkt } from '@/lib/contracts/catalog'
import styles from './friend-path.module.css'

/** The four steps of the friend's path; the confirmation mail is the third. */
export const FRIEND_STEPS = 4
export type FriendStep = 1 | 2 | 3 | 4

/** What the friend's pages know of the recommendation he follows (lib/portal/followable-recommendation). */
export type FriendOffer = {
  produkt: string
  product: Produkt | null
  /** "Lena S.", or null once the referrer's account is gone. */
  empfehler: string | null
  /** The friend's own reward share in cents (0 when the referrer keeps it all). */
  praemieCent: number
  /** That share, formatted. */
  praemie: string
}

/**
 * The head of every screen of the friend's path: "Schritt n von 4" with the step's name and a bar, and
 * a compact summary of what he gets — the product with its price and promotion, his reward share only
 * where the referrer gives him one, and who recommended it.
 */
export function FriendPath({ step, offer }: { step: FriendStep; offer: FriendOffer | null }) {
  const t = useTranslations('FriendPath')
  const names = [t('step1'), t('step2'), t('step3'), t('step4')]
  return (
    <div className={styles.path}>
      <div className={styles.progress}>
        <p className={styles.progressLabel}>
          {t('progress', { step, total: FRIEND_STEPS })}: <span>{names[step - 1]}</span>
        </p>
        <ol className={styles.steps} aria-label={t('stepsLabel')}>
          {names.map((name, i) => (
            <li
              key={name}
              className={`${styles.step} ${i + 1 < step ? styles.stepDone : ''} ${i + 1 === step ? styles.stepCurrent : ''}`}
              aria-current={i + 1 === step ? 'step' : undefined}
            >
              <span className="visually-hidden">
                {i + 1 < step ? t('stepDone', { name }) : i + 1 === step ? t('stepCurrent', { name }) : name}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {offer && <FriendSummary offer={offer} />}
    </div>
  )
}

/** The friend's benefit in brief: product, price and promotion, his reward share, the referrer. */
export function FriendSummary({ offer }: { offer: FriendOffer }) {
  const t = useTranslations('FriendPath')
  const lines = useOfferLines(offer.product)
  return (
    <section className={styles.summary} aria-label={t('summaryLabel')}>
      {offer.product ? (
        // eslint-disable-next-line @next/next/no-img-element -- generated SVG of the product API
        <img src={offer.product.Photo} alt="" width={80} height={60} />
      ) : (
        <span />
      )}
      <div className={styles.summaryText}>
        <p className={styles.product}>{offer.produkt}</p>
        {offer.praemieCent > 0 && (
          <p className={styles.benefit}>{t('rewardForYou', { praemie: offer.praemie })}</p>
        )}
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {offer.empfehler && (
          <p className={styles.meta}>{t('recommendedBy', { empfehler: offer.empfehler })}</p>
        )}
      </div>
    </section>
  )
}

/** The offer's concrete terms: the promotion (with its saving) and the monthly price, device price. */
export function useOfferLines(product: Produkt | null): string[] {
  const t = useTranslations('FriendPath')
  const format = useFormatter()
  if (!product) return []
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'EUR' })
  if (product.Art === 'festnetz') {
    return [
      product.Aktionsname &&
        (product.Aktionsrabatt > 0
          ? t('promotionSaving', { aktion: product.Aktionsname, rabatt: money(product.Aktionsrabatt) })
          : product.Aktionsname),
      t('priceMonthly', { preis: money(product.PreisMonatlich) }),
    ].filter(Boolean)
  }
  return [
    t('priceMonthly', { preis: money(product.PreisTarif) }),
    product.HandyId !== null
      ? t('devicePrice', { preis: money(product.Aktionspreis ?? product.PreisHandy) })
      : '',
  ].filter(Boolean)
}

/**
 * The landing's first screen: what the friend gets. His reward share where the referrer gives him one,
 * always the offer's concrete terms (promotion, price), and who recommended it — never a bonus he does
 * not get.
 */
export function LandingBenefit({ offer, mandant }: { offer: FriendOffer; mandant: string }) {
  const t = useTranslations('Recipient')
  const tp = useTranslations('FriendPath')
  const lines = useOfferLines(offer.product)
  const reward = offer.praemieCent > 0
  // Without a reward share the offer's first term (promotion, else price) is the large figure.
  const figure = reward ? t('landingReward', { praemie: offer.praemie }) : (lines[0] ?? offer.produkt)
  const rest = reward ? lines : lines.slice(1)
  return (
    <section className={styles.benefitPanel} aria-labelledby="landing-benefit">
      <p className={styles.benefitKicker} id="landing-benefit">
        {t('landingFriendBenefitTitle')}
      </p>
      <h2 className={styles.benefitFigure}>{figure}</h2>
      <p>
        {reward
          ? t('landingRewardText', { praemie: offer.praemie })
          : t('landingKeepsAll', { produkt: offer.produkt, mandant })}
      </p>
      {rest.length > 0 && (
        <ul className={styles.benefitLines}>
          {rest.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {offer.empfehler && (
        <p className={styles.meta}>{tp('recommendedBy', { empfehler: offer.empfehler })}</p>
      )}
    </section>
  )
}

/** The landing's button with the recommendation's validity right under it. */
export function LandingCta({ href, label, validity }: { href: string; label: string; validity?: string }) {
  return (
    <div className={styles.cta}>
      <Link className="button" href={href}>
        {label}
      </Link>
      {validity && <p className={styles.meta}>{validity}</p>}
    </div>
  )
}
