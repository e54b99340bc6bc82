import { getTranslations } from 'next-intl/server'

/** Where content could not be loaded (SPEC §8): the page stays usable and says so. */
export async function ContentUnavailable() {
  const t = await getTranslations('Content')
  return (
    <p className="content-unavailable" role="status">
      {t('unavailable')}
    </p>
  )
}
