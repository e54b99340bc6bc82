import { getTranslations } from 'next-intl/server'

const STEPS = ['Auswaehlen', 'Empfehlen', 'Freuen'] as const

/** The three steps shown to the referrer: Auswählen, Empfehlen, Freuen. */
export async function Steps() {
  const t = await getTranslations('Steps')
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">{t('title')}</h2>
      <ol className="steps">
        {STEPS.map((step, i) => (
          <li key={step}>
            <span className="steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="visually-hidden">{t('stepLabel', { number: i + 1 })}</span>
            <h3>{t(step)}</h3>
            <p>{t(`${step}Text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
