import 'server-only'
import { bannerSchema } from '@/lib/contracts/praemierung'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { showBannerTeZuTp } from './banners'

/** GET /empfehler/empfehlungen/showbanner/BannerTEZuTP and /praemierung/showbanner/BannerTEZuTP: one answer. */
export const bannerTeZuTpHandler = apiHandler(
  { auth: ['referrer'], response: bannerSchema },
  async ({ tenant, auth }) => showBannerTeZuTp(tenant, auth!),
)
