import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs, type Crumb } from '@/components/layout/breadcrumbs'
import { FootnoteList } from '@/components/catalog/footnote-list'
import { ProductTile } from '@/components/catalog/product-tile'
import { pageFootnotes } from '@/lib/portal/footnotes'
import { RecommendForm } from '@/components/recommend/recommend-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { getProduct, listActiveCampaigns } from '@/lib/portal/main-api/catalog'
import { apiContext } from '@/lib/portal/main-api/context'
import { productName } from '@/lib/shared/catalog/product-name'
import { germanToday, rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import type { RewardShare } from '@/lib/contracts/recommendation'
import { invitedPerson } from '@/lib/portal/session'
import { recommendFormDisplay } from '@/lib/portal/recommend-form-display'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { CATEGORY_PAGES, categoryTrail } from '@/lib/routes/category-pages'
import { href, pathHref, segmentOf } from '@/lib/routes/href'
import { newCaptchaAction } from '../../login/actions'
import { resendWelcomeAction } from '../../registrieren/actions'
import { recommendAction } from './actions'

// Prefilled for a logged-in referrer: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { produktId: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant } = await params
  const { ctx } = await resolvePortal({ tenant })
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recommend' })
  return { title: t('metaTitle') }
}

/**
 * Empfehlen (SPEC §2.2): the product with its reward, and the recommendation form. A logged-in
 * referrer's name and e-mail are taken from the account and locked.
 */
export default async function RecommendPage({ params, searchParams }: Props) {
  const { tenant, produktId } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  const session = await applyRouteRules(portal, 'Recommendation', { produktId }, query)
  const api = apiContext(portal.ctx)
  const id = /^\d{1,9}$/.test(produktId) ? Number(produktId) : null
  const product = id === null ? null : await getProduct(api, id)
  if (!product) notFound()
  const { ctx, config } = portal
  const settings = config.Settings
  const t = await getTranslations('Recommend')
  const tp = await getTranslations('CategoryPages')
  const ta = await getTranslations('AgentRecommend')
  const campaigns = await listActiveCampaigns(api)
  const today = germanToday()
  const notes = await pageFootnotes(config, ctx.locale, [product])
  const { current } = rewardPeriods(product.Praemien, today)
  const name = productName(product)
  const carried = carriedQuery(query)
  const category = CATEGORY_PAGES.find(
    (p) => p.quelle === product.Quelle && p.kategorie === product.Produktkategorie,
  )
  const trail: Crumb[] = [
    ...(category ? categoryTrail(category) : []).map((p) => ({
      path: p.path,
      label: tp(`${p.key}.title` as 'internet.title'),
    })),
    { route: 'Recommendation', params: { produktId }, label: t('breadcrumb') },
  ]
  const shares = settings.RewardShareOptions as RewardShare[]
  const defaultShare = (
    shares.includes(settings.RecommenderDefaultShare as RewardShare)
      ? settings.RecommenderDefaultShare
      : shares[0]
  ) as RewardShare
  const account = session
    ? { vorname: session.account.vorname, nachname: session.account.nachname, email: session.account.email }
    : null
  // A visitor who came through an agency's invitation starts with the details it was sent with.
  const invited = account ? null : await invitedPerson(ctx.tenant)
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={trail} />
      <h1>{t('title', { produkt: name })}</h1>
      <p className="lead">{t('intro', { produkt: name })}</p>
      <div
        className={
          settings.Display.StackedLayout ? 'recommend-layout recommend-layout--stacked' : 'recommend-layout'
        }
      >
        <div className="recommend-layout__product">
          {settings.Display.Product && (
            <ProductTile
              product={product}
              today={today}
              as="section"
              headingLevel={2}
              footnote={product.Fussnote ? notes.numbers[product.Fussnote] : undefined}
              banknotes={settings.Display.Banknotes}
            />
          )}
          {!current && <p className="hint">{t('noReward')}</p>}
          <FootnoteList footnotes={notes.footnotes} unavailable={notes.unavailable} />
          <p>
            <Link
              href={
                category
                  ? pathHref(ctx, `/${category.path}`, carried)
                  : href(ctx, 'Homepage', undefined, carried)
              }
            >
              {t('changeProduct')}
            </Link>
          </p>
          {settings.ModuleAgentRecommendation && (
            <p>
              {ta.rich('entry', {
                link: (chunks) => (
                  <Link href={href(ctx, 'AgentRecommendations', { produktId }, carried)}>{chunks}</Link>
                ),
              })}
            </p>
          )}
        </div>
        <div className="recommend-layout__form">
          {settings.Display.MarketingText && (
            <section className="panel" aria-labelledby="recommend-marketing">
              <h2 id="recommend-marketing">{t('marketingTitle')}</h2>
              <p>
                {current
                  ? t('marketingText', {
                      produkt: name,
                      praemie: formatRewardValue(current.WertCent, ctx.locale),
                    })
                  : t('marketingTextNoReward', { produkt: name })}
              </p>
            </section>
          )}
          <ClientMessages locale={ctx.locale} namespaces={['Recommend', 'Validation', 'Errors', 'Captcha']}>
            <RecommendForm
              action={recommendAction}
              resendAction={resendWelcomeAction}
              reloadCaptcha={newCaptchaAction}
              tenant={segmentOf(ctx)}
              widget={first(query.widget)}
              channel={first(query.channel)}
              produktId={product.Id}
              account={account}
              invited={invited}
              shares={shares}
              defaultShare={defaultShare}
              rewardCents={current?.WertCent ?? null}
              maxRecipientCents={settings.MaxEmpfaengerPraemieCent}
              campaigns={campaigns}
              autoAcceptTerms={settings.AgbCheckBoxAutoAccept}
              termsHref={href(ctx, 'TOS', undefined, carried)}
              privacyHref={href(ctx, 'Privacy', undefined, carried)}
              dashboardHref={href(ctx, 'Dashboard', undefined, carried)}
              display={recommendFormDisplay(settings)}
            />
          </ClientMessages>
        </div>
      </div>
    </>
  )
}
