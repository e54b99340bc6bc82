// GET /api/v1/{tenant}/praemie/{id}/grafik50empfehler — the referrer's half of a 50:50 reward (640 × 320 SVG)
import { apiRoute } from '@/lib/engine/http/api-route'
import { rewardImageHandler } from '@/lib/engine/catalog/reward-image-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: rewardImageHandler('grafik50empfehler') })
