// GET /api/v1/{tenant}/praemie/{id}/grafik50 — half the reward as a banknote picture (640 × 320 SVG)
import { apiRoute } from '@/lib/engine/http/api-route'
import { rewardImageHandler } from '@/lib/engine/catalog/reward-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: rewardImageHandler('grafik50') })
