// GET /api/v1/{tenant}/produkt/{id}/sgrafik — a product's small picture (240 × 180 SVG), by ExterneId or Id
import { apiRoute } from '@/lib/engine/http/api-route'
import { productImageHandler } from '@/lib/engine/catalog/product-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: productImageHandler('small') })
