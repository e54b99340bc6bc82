// GET /api/v1/{tenant}/produkt/maxpraemiewert — the highest reward in force today ("up to … €")
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { germanToday, rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import { queryProducts } from '@/lib/engine/catalog/product-source'
import { formatRewardValue } from '@/lib/engine/catalog/to-produkt'
import { maxRewardValueSchema } from '@/lib/contracts/catalog'

const handler = apiHandler({ auth: 'public', response: maxRewardValueSchema }, async ({ tenant, locale }) => {
  const today = germanToday()
  const cents = (await queryProducts(tenant, locale)).map(
    (p) => rewardPeriods(p.Praemien, today).current?.WertCent ?? 0,
  )
  const max = Math.max(0, ...cents)
  return { WertCent: max, Wert: formatRewardValue(max, locale) }
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
