import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { FootnoteList } from '@/components/catalog/footnote-list'
import { ProductTile } from '@/components/catalog/product-tile'
import { pageFootnotes } from '@/lib/portal/footnotes'
import { SessionRecommendForm } from '@/components/recommend/session-recommend-form'
import { ClientMessages } from '@/components/ui/client-messages'
import type { Produkt } from '@/lib/contracts/catalog'
import type { RewardShare } from '@/lib/contracts/recommendation'
import { getProductCached, listActiveCampaignsCached } from '@/lib/portal/main-api/cached'
import type { ApiContext } from '@/lib/portal/main-api/context'
import { carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { recommendFormDisplay } from '@/lib/portal/recommend-form-display'
import type { Portal } from '@/lib/portal/resolve'
import { href, segmentOf, sessionUrlOf } from '@/lib/routes/href'
import { newCaptchaAction } from '../../login/actions'
import { resendWelcomeAction } from '../../registrieren/actions'
import { recommendAction } from './actions'

/** The product a recommend screen's address names (Empfehlen, EmpfehlenAgent); not found otherwise. */
export async function productOfParam(api: ApiContext, produktId: string): Promise<Produkt> {
  const id = /^[1-9]\d{0,8}$/.test(produktId) ? Number(produktId) : null
  const product = id === null ? null : await getProductCached(api, id)
  if (!product) notFound()
  return product
}

/**
 * The product beside the form on both recommend screens: its tile with the footnotes it refers to
 * (Display.Product off: neither, the host page shows the product; Display.Banknotes on the badge), and
 * a note where it has no reward now.
 */
export async function RecommendProduct({
  portal,
  product,
  today,
  hasReward,
  footnotes = true,
}: {
  portal: Portal
  product: Produkt
  today: string
  hasReward: boolean
  /** The footnotes below the tile; off where the page puts them after the form (RecommendFootnotes). */
  footnotes?: boolean
}) {
  const { ctx, config } = portal
  const display = config.Settings.Display
  const t = await getTranslations('Recommend')
  const notes = display.Product ? await pageFootnotes(config, ctx.locale, [product]) : null
  return (
    <>
      {notes && (
        <>
          <ProductTile
            product={product}
            today={today}
            as="section"
            headingLevel={2}
            footnote={product.Fussnote ? notes.numbers[product.Fussnote] : undefined}
            banknotes={display.Banknotes}
          />
          {footnotes && <FootnoteList footnotes={notes.footnotes} unavailable={notes.unavailable} />}
        </>
      )}
      {!hasReward && <p className="hint">{t('noReward')}</p>}
    </>
  )
}

/** The footnotes of the product's tile, after the form (Display.Product off: none, as the tile). */
export async function RecommendFootnotes({ portal, product }: { portal: Portal; product: Produkt }) {
  const { ctx, config } = portal
  if (!config.Settings.Display.Product) return null
  const notes = await pageFootnotes(config, ctx.locale, [product])
  return <FootnoteList footnotes={notes.footnotes} unavailable={notes.unavailable} />
}

/**
 * The recommendation form of both recommend screens with what the tenant and the visitor bring: the
 * share choice (the tenant's options, starting at `defaultShare` where offered), the running campaigns,
 * the display flags, and on EmpfehlenAgent the chosen agent's number. The same for every visitor: a
 * logged-in referrer's fixed details or an invited person's are filled in by the browser
 * (SessionRecommendForm), so the page can be kept for the next visitor (lib/edge/anonymous-cache.mjs).
 */
export async function RecommendFormSection({
  portal,
  api,
  query,
  product,
  rewardCents,
  agentNumber,
  defaultShare,
  anchored,
}: {
  portal: Portal
  api: ApiContext
  query: SearchParams
  product: Produkt
  rewardCents: number | null
  agentNumber?: string
  defaultShare: RewardShare
  /** RecommendForm's anchored */
  anchored?: boolean
}) {
  const { ctx, config } = portal
  const settings = config.Settings
  const carried = carriedQuery(query)
  const shares = settings.RewardShareOptions as RewardShare[]
  return (
    <ClientMessages locale={ctx.locale} namespaces={['Recommend', 'Validation', 'Errors', 'Captcha']}>
      <SessionRecommendForm
        sessionUrl={sessionUrlOf(ctx)}
        action={recommendAction}
        resendAction={resendWelcomeAction}
        reloadCaptcha={newCaptchaAction}
        tenant={segmentOf(ctx)}
        widget={first(query.widget)}
        channel={first(query.channel)}
        produktId={product.Id}
        agentNumber={agentNumber}
        shares={shares}
        defaultShare={shares.includes(defaultShare) ? defaultShare : (shares[0] as RewardShare)}
        rewardCents={rewardCents}
        maxRecipientCents={settings.MaxEmpfaengerPraemieCent}
        campaigns={await listActiveCampaignsCached(api)}
        autoAcceptTerms={settings.AgbCheckBoxAutoAccept}
        termsHref={href(ctx, 'TOS', undefined, carried)}
        privacyHref={href(ctx, 'Privacy', undefined, carried)}
        dashboardHref={href(ctx, 'Dashboard', undefined, carried)}
        display={recommendFormDisplay(settings)}
        anchored={anchored}
      />
    </ClientMessages>
  )
}
