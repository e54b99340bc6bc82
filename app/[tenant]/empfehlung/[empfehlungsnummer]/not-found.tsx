import { getTranslations } from 'next-intl/server'
import { NotFoundLinks } from '@/components/errors/not-found-links'

/**
 * An unknown recommendation number (a link copied short, a number typed wrong): says so and leads to
 * the code entry, where a friend with a recommendation code goes on, or home.
 */
export default async function RecommendationNotFound() {
  const t = await getTranslations('NotFound')
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('recommendationTitle')}</h1>
      <p className="lead">{t('message')}</p>
      <p>{t('recommendationMessage')}</p>
      <NotFoundLinks
        links={[
          { path: '/code', label: t('recommendationCode') },
          { path: '/', label: t('home'), secondary: true },
        ]}
      />
    </section>
  )
}
