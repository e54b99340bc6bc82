import 'server-only'
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import { ApiError } from '@/lib/shared/errors'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { listCategories } from '@/lib/engine/tenants/list-categories'
import { findActiveAgent } from '@/lib/engine/agency/agents/find-agents'
import { renderAgentPortrait } from '@/lib/engine/agency/agents/render-portrait'
import { findProductByAnyId } from './product-source'
import {
  renderCategoryIcon,
  renderCategoryImage,
  renderProductImage,
  SVG,
  svgImageResponse,
} from './render-product-image'

/** An agent who leaves is gone from the photo within the hour. */
const AGENT_PHOTO_MAX_AGE = 3600

/**
 * GET /produkt/{id}/grafik and /sgrafik: the product's picture in one size. German texts, so the
 * publicly cached image is the same whatever language asked for it. Under ModuleAgentRecommendation,
 * /grafik with the number of an active agent and no product of that id is the agent's photo (SPEC §7.1).
 */
export function productImageHandler(size: 'large' | 'small') {
  return apiHandler(
    { auth: 'public', response: SVG, errors: ['NichtGefunden'] },
    async ({ tenant, params }) => {
      const { id } = parseOrThrow(z.object({ id: z.string().trim().min(1).max(64) }), { id: params.id })
      const brand = tenant.settings.BrandVariant
      try {
        return svgImageResponse(renderProductImage(await findProductByAnyId(tenant, 'de', id), brand, size))
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
        if (size !== 'large' || !tenant.settings.ModuleAgentRecommendation) throw error
        const agent = await findActiveAgent(tenant, id)
        if (!agent) throw error
        return svgImageResponse(renderAgentPortrait(agent, brand), AGENT_PHOTO_MAX_AGE)
      }
    },
  )
}

/** GET /produktkategorie/{id}/grafik and /icon: a category's picture or icon (German names, cached). */
export function categoryImageHandler(kind: 'grafik' | 'icon') {
  return apiHandler(
    { auth: 'public', response: SVG, errors: ['NichtGefunden'] },
    async ({ tenant, params }) => {
      const { id } = parseOrThrow(z.object({ id: numericIdParam }), {
        id: params.id,
      })
      const category = (await listCategories(tenant, 'de')).find((c) => c.Id === id)
      if (!category) throw new ApiError('NichtGefunden')
      const brand = tenant.settings.BrandVariant
      return svgImageResponse(
        kind === 'icon'
          ? renderCategoryIcon(category.Icon, brand, category.Name)
          : renderCategoryImage(category, brand),
      )
    },
  )
}
