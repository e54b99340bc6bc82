import 'server-only'
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import type { RewardImage } from '@/lib/contracts/rewards'
import { LOCALES } from '@/lib/i18n/config'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { getRewardOrThrow } from './list-rewards'
import { SVG, svgImageResponse } from './render-product-image'
import { renderRewardImage } from './render-reward-image'

/** A reward id in a path: digits only, in the range of the id column. */
const pathSchema = z.object({ id: numericIdParam })

/**
 * Browsers load pictures without the API's language header, so an English page asks for its labels
 * with ?lang=en; German is the default. The picture is cached publicly per address.
 */
const querySchema = z.object({ lang: z.enum(LOCALES).optional() })

/** GET /praemie/{id}/grafik100, grafik50, grafik50empfehler, grafik50empfaenger (SPEC §7.4). */
export function rewardImageHandler(image: RewardImage) {
  return apiHandler(
    { auth: 'public', query: querySchema, response: SVG, errors: ['NichtGefunden'] },
    async ({ tenant, params, query }) => {
      const { id } = parseOrThrow(pathSchema, { id: params.id })
      const reward = await getRewardOrThrow(tenant, 'de', id)
      return svgImageResponse(
        renderRewardImage({
          wertCent: reward.WertCent,
          image,
          brand: tenant.settings.BrandVariant,
          programme: tenant.settings.ProgrammName,
          locale: query.lang ?? 'de',
        }),
      )
    },
  )
}
