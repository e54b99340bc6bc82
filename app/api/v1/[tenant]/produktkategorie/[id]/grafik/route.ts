// GET /api/v1/{tenant}/produktkategorie/{id}/grafik — a category's picture (640 × 360 SVG)
import { apiRoute } from '@/lib/engine/http/api-route'
import { categoryImageHandler } from '@/lib/engine/catalog/product-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: categoryImageHandler('grafik') })
