import { useFormatter, useTranslations } from 'next-intl'
import type { Recommendation } from '@/lib/contracts/recommendation'
import type { FormAction } from '@/lib/portal/form-state'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { GoodwillForm } from './goodwill-form'
import { formatDate } from '@/lib/i18n/dates'

type Props = {
  /** The tenant segment the form sends back (segmentOf). */
  tenant: string
  /** The referrer's recommendations (GET /empfehler/empfehlungen/), to choose from. */
  recommendations: Recommendation[]
  widget?: string
  /** Files the claim (app/[tenant]/kulanzdanke/actions.ts). */
  sendClaim: FormAction
}

/**
 * "Prämie fehlt?" of the personal area: the goodwill claim form with the referrer's own
 * recommendations to choose from. On its own, so the personal area only places it. Rendered in the
 * browser with the rest of the referrer's own data (components/dashboard/dashboard-own.tsx).
 */
export function GoodwillSection({ tenant, recommendations, widget, sendClaim }: Props) {
  const t = useTranslations('Goodwill')
  const format = useFormatter()
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
      <GoodwillForm
        action={sendClaim}
        tenant={tenant}
        widget={widget}
        recommendations={options}
        today={germanToday()}
      />
    </section>
  )
}
