// GET /api/v1/{tenant}/produkt/{id}/grafik — a product's picture (640 × 480 SVG), by ExterneId or Id
import { apiRoute } from '@/lib/engine/http/api-route'
import { productImageHandler } from '@/lib/engine/catalog/product-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: productImageHandler('large') })
