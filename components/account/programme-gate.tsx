import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { getMaxRewardValue } from '@/lib/portal/main-api/catalog'
import { apiContext } from '@/lib/portal/main-api/context'
import { log } from '@/lib/shared/log'
import type { Portal } from '@/lib/portal/resolve'
import styles from './programme-gate.module.css'

/** The highest reward in force today, or null when there is none or it cannot be loaded. */
async function maxReward(portal: Portal): Promise<string | null> {
  try {
    const max = await getMaxRewardValue(apiContext(portal.ctx))
    return max.WertCent > 0 ? max.Wert : null
  } catch (error) {
    log.error('login gate: the highest reward could not be loaded', {
      code: (error as { code?: string }).code,
    })
    return null
  }
}

/**
 * What a closed programme (ModuleErzwingeLogin) tells a visitor at its login: what one gets, above the
 * form, and how it works in three steps for a programme behind a login, below it.
 */
export async function ProgrammeBenefit({ portal }: { portal: Portal }) {
  const t = await getTranslations('ProgrammeGate')
  const s = portal.config.Settings
  const wert = await maxReward(portal)
  return (
    <section className={styles.benefit} aria-labelledby="programme-benefit">
      <h2 id="programme-benefit" className={styles.benefitTitle}>
        {t('benefitTitle', { programm: s.ProgrammName })}
      </h2>
      {wert && (
        <p className={styles.figure}>
          <span className={styles.upTo}>{t('upTo')}</span> <span className={styles.amount}>{wert}</span>{' '}
          <span className={styles.per}>{t('perContract')}</span>
        </p>
      )}
      <p className={styles.text}>{t('benefitText', { mandant: s.Name })}</p>
    </section>
  )
}

export async function ProgrammeSteps({ portal, registerHref }: { portal: Portal; registerHref: string }) {
  const t = await getTranslations('ProgrammeGate')
  const steps = ['login', 'recommend', 'reward'] as const
  return (
    <section className={styles.steps} aria-labelledby="programme-steps">
      <h2 id="programme-steps">{t('stepsTitle')}</h2>
      <ol className={styles.list}>
        {steps.map((step, i) => (
          <li key={step}>
            <span className={styles.number} aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{t(`${step}Title`)}</h3>
              <p>{t(`${step}Text`, { mandant: portal.config.Settings.Name })}</p>
            </div>
          </li>
        ))}
      </ol>
      <p>
        {t('noAccess')} <Link href={registerHref}>{t('register')}</Link>
      </p>
    </section>
  )
}
