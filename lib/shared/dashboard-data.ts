import type { Praemierung, PraemienKonto } from '@/lib/contracts/praemierung'
import type { Recommendation } from '@/lib/contracts/recommendation'

/**
 * The answer of the portal's route app/api/dashboard/[tenant]: what the personal area shows of the
 * logged-in referrer (components/dashboard/dashboard-own.tsx), as the main API answered it.
 */
export type DashboardData = {
  recommendations: Recommendation[]
  rewards: Praemierung[]
  konto: PraemienKonto
  /** BannerTEZuTP: friends ordered internet and telephone, TV is the next recommendation. */
  teZuTp: boolean
}
