import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { StatusBar } from '@/lib/contracts/praemierung'
import { href, type PortalContext, type Query } from '@/lib/routes/href'
import styles from './rewards.module.css'
import { formatDate } from '@/lib/i18n/dates'

const STEPS = [1, 2, 3, 4] as const

/**
 * The status bar of one recommendation (SPEC §4): four steps (recommended, friend responded, contract,
 * reward), the status text with its date, and the next action as a button.
 */
export function StatusTrack({
  ctx,
  bar,
  produkt,
  nummer,
  carried,
}: {
  ctx: PortalContext
  bar: StatusBar
  produkt: string
  nummer: string
  carried: Query
}) {
  const t = useTranslations('StatusTrack')
  const ts = useTranslations('Status')
  const format = useFormatter()
  const datum = bar.Datum ? formatDate(format, bar.Datum) : ''
  const target =
    bar.Aktion === 'teilen'
      ? href(ctx, 'Confirmation', undefined, { ...carried, empfehlung: nummer })
      : bar.PraemieId
        ? href(ctx, 'RewardDetails', { praemieid: bar.PraemieId }, carried)
        : null
  const ended = bar.Text === 'keinVertrag' || bar.Text === 'abgelaufen' || bar.Text === 'praemieAbgelaufen'
  return (
    <div className={styles.track}>
      <ol className={styles.steps} aria-label={t('label')}>
        {STEPS.map((step) => {
          const state = step < bar.Schritt ? 'done' : step === bar.Schritt ? 'current' : 'todo'
          return (
            <li
              key={step}
              className={`${styles.step} ${styles[`step--${state}`]} ${ended && state === 'current' ? styles['step--ended'] : ''}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.stepLabel}>{t(`steps.${step}`)}</span>
              {state === 'done' && <span className="visually-hidden"> ({t('stepDone')})</span>}
            </li>
          )
        })}
      </ol>
      <p className={`recommendation__bar ${styles.barText}`}>{ts(`Bar.${bar.Text}`, { datum })}</p>
      {bar.Aktion && target && (
        <Link
          className={
            bar.Aktion === 'teilen' || bar.Aktion === 'details' ? 'button button--secondary' : 'button'
          }
          href={target}
          aria-label={t(`actionLabel.${bar.Aktion}`, { produkt })}
        >
          {t(`action.${bar.Aktion}`)}
        </Link>
      )}
    </div>
  )
}
