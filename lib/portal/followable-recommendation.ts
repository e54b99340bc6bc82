import 'server-only'
import { notFound, redirect } from 'next/navigation'
import { getProductCached } from '@/lib/portal/main-api/cached'
import { apiContext } from '@/lib/portal/main-api/context'
import { getLanding } from '@/lib/portal/main-api/recipients'
import { productName } from '@/lib/shared/catalog/product-name'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { Landing } from '@/lib/contracts/recipient'
import type { Produkt } from '@/lib/contracts/catalog'
import { href, type Query } from '@/lib/routes/href'
import type { Portal } from './resolve'

export type FollowableRecommendation = {
  landing: Landing
  product: Produkt | null
  /** The product's name in the page's language where the catalogue still has it. */
  produkt: string
  /** "Jana L." (the engine sends the initial only), or null once the referrer's account is gone. */
  empfehler: string | null
  /** The friend's reward, formatted. */
  praemie: string
}

/**
 * The recommendation a recipient's page is about, if it can still be followed: unknown numbers are not
 * found, expired and blocked ones go to the page that says so (SPEC §2.2 EmpfehlungAbgelaufen,
 * EmpfehlungGesperrt).
 */
export async function followableRecommendation(
  portal: Portal,
  nummer: string,
  carried: Query,
): Promise<FollowableRecommendation> {
  const { ctx } = portal
  const api = apiContext(ctx)
  const landing = await getLanding(api, nummer)
  if (!landing) notFound()
  if (landing.Status !== 'Ok')
    redirect(
      href(ctx, 'ExpiredRecommendation', undefined, {
        ...carried,
        grund: landing.Status === 'Gesperrt' ? 'gesperrt' : undefined,
      }),
    )
  const product = await getProductCached(api, landing.Produkt.Id)
  return {
    landing,
    product,
    produkt: product ? productName(product) : landing.Produkt.AnzeigeName,
    empfehler: landing.Empfehler ? `${landing.Empfehler.Vorname} ${landing.Empfehler.Nachname}`.trim() : null,
    praemie: formatRewardValue(landing.PraemieEmpfaengerCent, ctx.locale),
  }
}

/**
 * Whether the engine knows the number: a recommendation's screen titles itself only then, so an unknown
 * number's not-found screen is titled as one ("Seite nicht gefunden"). The page's own read of the landing
 * shares this answer (one call per request).
 */
export async function isKnownRecommendation(ctx: Portal['ctx'], nummer: string): Promise<boolean> {
  return (await getLanding(apiContext(ctx), nummer)) !== null
}

/** The friend's offer as the head of each of his screens shows it (components/recipient/friend-path). */
export function friendOffer(f: FollowableRecommendation) {
  return {
    produkt: f.produkt,
    product: f.product,
    empfehler: f.empfehler,
    praemieCent: f.landing.PraemieEmpfaengerCent,
    praemie: f.praemie,
  }
}
