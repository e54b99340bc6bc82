// GET /api/v1/{tenant}/content/assets/{id}?width=&height= — an image of the tenant's content
import { z } from 'zod'
import { contentAsset } from '@/lib/engine/content/content-asset'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'

const size = z.coerce.number().int().min(1).max(4000).optional()
const querySchema = z.object({ width: size, height: size })

const handler = apiHandler(
  {
    auth: 'public',
    query: querySchema,
    response: { media: ['image/*'] },
    errors: ['NichtGefunden', 'InhaltNichtVerfuegbar'],
  },
  async ({ tenant, params, query }) => {
    const { id } = parseOrThrow(z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) }), {
      id: params.id,
    })
    const asset = await contentAsset(tenant, id, query)
    return new Response(Buffer.from(asset.body), {
      headers: {
        'Content-Type': asset.contentType,
        'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
        'X-Content-Type-Options': 'nosniff',
        // Images of a content service may be SVG: nothing in them runs.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
