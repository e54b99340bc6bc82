import { getFormatter, getTranslations } from 'next-intl/server'
import type { FormAction } from '@/lib/portal/form-state'
import { ClientMessages } from '@/components/ui/client-messages'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { segmentOf, type PortalContext } from '@/lib/routes/href'
import { GoodwillForm } from './goodwill-form'
import { formatDate } from '@/lib/i18n/dates'

type Props = {
  ctx: PortalContext
  /** The main-API context of the verified session (the screen's own: its reads are shared). */
  api: AuthContext
  widget?: string
  /** Files the claim (app/[tenant]/kulanzdanke/actions.ts). */
  sendClaim: FormAction
}

/**
 * "Prämie fehlt?" of the personal area: the goodwill claim form with the referrer's own
 * recommendations to choose from (GET /empfehler/empfehlungen/). On its own, so the personal area only
 * places it.
 */
export async function GoodwillSection({ ctx, api, widget, sendClaim }: Props) {
  const t = await getTranslations('Goodwill')
  const format = await getFormatter()
  const recommendations = await listRecommendations(api)
  const options = recommendations.map((r) => ({
    nummer: r.Empfehlungsnummer,
    label: t('empfehlungOption', {
      produkt: r.Produkt.AnzeigeName,
      datum: formatDate(format, r.ErstelltAm),
      nummer: r.Empfehlungsnummer,
    }),
  }))
  return (
    <section className="panel" id="kulanz" aria-labelledby="goodwill-title">
      <h2 id="goodwill-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ClientMessages locale={ctx.locale} namespaces={['Goodwill', 'Validation', 'Errors']}>
        <GoodwillForm
          action={sendClaim}
          tenant={segmentOf(ctx)}
          widget={widget}
          recommendations={options}
          today={germanToday()}
        />
      </ClientMessages>
    </section>
  )
}
