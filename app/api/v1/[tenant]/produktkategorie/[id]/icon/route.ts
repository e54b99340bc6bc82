// GET /api/v1/{tenant}/produktkategorie/{id}/icon — a category's icon (96 × 96 SVG)
import { apiRoute } from '@/lib/engine/http/api-route'
import { categoryImageHandler } from '@/lib/engine/catalog/product-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: categoryImageHandler('icon') })
