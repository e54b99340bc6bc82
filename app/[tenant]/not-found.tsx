import { getTranslations } from 'next-intl/server'
import { NotFoundLinks } from '@/components/errors/not-found-links'

export default async function NotFound() {
  const t = await getTranslations('NotFound')
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('title')}</h1>
      <p className="lead">{t('message')}</p>
      <p>{t('hint')}</p>
      <NotFoundLinks links={[{ path: '/', label: t('home') }]} />
    </section>
  )
}
