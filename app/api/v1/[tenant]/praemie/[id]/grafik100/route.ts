// GET /api/v1/{tenant}/praemie/{id}/grafik100 — the whole reward as a banknote picture (640 × 320 SVG)
import { apiRoute } from '@/lib/engine/http/api-route'
import { rewardImageHandler } from '@/lib/engine/catalog/reward-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: rewardImageHandler('grafik100') })
