// GET /api/v1/{tenant}/empfehler/empfehlungen/showbanner/BannerTEZuTP — whether the personal area shows the TV upgrade banner
import { apiRoute } from '@/lib/engine/http/api-route'
import { bannerTeZuTpHandler } from '@/lib/engine/rewards/banner-route'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: bannerTeZuTpHandler })
