// GET /api/v1/{tenant}/praemierung/showbanner/BannerTEZuTP — whether the personal area shows the TV upgrade banner
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { showBannerTeZuTp } from '@/lib/engine/rewards/banners'
import { bannerSchema } from '@/lib/contracts/praemierung'

const handler = apiHandler({ auth: ['referrer'], response: bannerSchema }, async ({ tenant, auth }) =>
  showBannerTeZuTp(tenant, auth!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
