import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { updateLanguageAction } from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export default async function DashboardPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = (await applyRouteRules(portal, 'Dashboard', {}, query))!
  const t = await getTranslations('Dashboard')
  const tl = await getTranslations('Language')
  const widget = first(query.widget)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }]} />
      <h1>{t('greeting', { vorname: session.user.vorname, nachname: session.user.nachname })}</h1>
      <p className="lead">{t('intro')}</p>
      <p>
        <Link className="button" href={href(portal.ctx, 'Homepage', undefined, carriedQuery(query))}>
          {t('recommendNow')}
        </Link>
      </p>
      <section className="panel" aria-labelledby="language-title">
        <h2 id="language-title">{t('languageTitle')}</h2>
        {first(query.sprache) === 'gespeichert' && (
          <p className="alert alert--success" role="status">
            {t('languageSaved')}
          </p>
        )}
        <p>{t('languageHint')}</p>
        <form className="form" action={updateLanguageAction}>
          <input type="hidden" name="tenant" value={segmentOf(portal.ctx)} />
          {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
          <div className="field">
            <label htmlFor="language">{t('languageTitle')}</label>
            <select id="language" name="language" defaultValue={session.user.language}>
              {portal.config.Settings.Languages.map((locale) => (
                <option key={locale} value={locale}>
                  {tl(locale)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button className="button" type="submit">
              {t('languageSave')}
            </button>
          </div>
        </form>
      </section>
    </>
  )
}
