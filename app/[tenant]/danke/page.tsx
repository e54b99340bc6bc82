import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { OfflineCodeCard } from '@/components/recommend/offline-code-card'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { ownRecommendation } from '@/lib/portal/own-recommendation'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href } from '@/lib/routes/href'
import { qrSvgDataUrl } from '@/lib/shared/share/qr'
import { codePageOf, formatCode } from '@/lib/shared/share/share-links'

// Personal with a recommendation: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Thanks' })
  return { title: t('metaTitle') }
}

/**
 * Danke (DankeStepsOfflineEmpfehlung, SPEC §2.2): after a recommendation passed on in person, the three
 * steps from code to reward and, for the referrer's recommendation, the code with its printable card.
 */
export default async function ThanksPage({ params, searchParams }: Props) {
  const { portal, query, session, carried, routeHref } = await openScreen({ params, searchParams }, 'Thanks')
  const { ctx, config } = portal
  const t = await getTranslations('Thanks')
  const nummer = first(query.empfehlung)
  let card: { code: string; codeUrl: string; qrSrc: string } | null = null
  let codeMissing = false
  if (nummer !== undefined) {
    const { recommendation } = await ownRecommendation(portal, session, 'Thanks', query, nummer)
    if (recommendation?.Code && recommendation.Status === 'Ok') {
      card = {
        code: formatCode(recommendation.Code),
        codeUrl: codePageOf(recommendation.Link),
        qrSrc: await qrSvgDataUrl(recommendation.Link),
      }
    } else codeMissing = true
  }
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Thanks', label: t('metaTitle') }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <section aria-labelledby="thanks-steps">
        <h2 id="thanks-steps">{t('stepsTitle')}</h2>
        <ol className="thanks-steps">
          {/* A recommendation without a code goes on by its link; the card names the code page in full. */}
          <li>{codeMissing ? t('step1Link') : t('step1')}</li>
          <li>
            {codeMissing
              ? t('step2Link')
              : card
                ? t('step2', { url: card.codeUrl })
                : t.rich('step2Page', { link: (text) => <Link href={href(ctx, 'Code')}>{text}</Link> })}
          </li>
          <li>{t('step3')}</li>
        </ol>
      </section>
      {card && (
        <div className="share-extras">
          <OfflineCodeCard {...card} programme={config.Settings.ProgrammName} locale={ctx.locale} />
        </div>
      )}
      {codeMissing && <p className="alert alert--info">{t('noCode')}</p>}
      <div className="button-row">
        {nummer !== undefined && (
          <Link
            className="button button--secondary"
            href={href(ctx, 'Confirmation', undefined, { ...carried, empfehlung: nummer })}
          >
            {t('toShare')}
          </Link>
        )}
        <Link className="button button--secondary" href={routeHref('Dashboard')}>
          {(await getTranslations('Confirmation'))('toDashboard')}
        </Link>
      </div>
    </>
  )
}
