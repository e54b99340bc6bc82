import type { ReactNode } from 'react'
import type { AgencyView } from '@/lib/shared/agency/roles'
import { getAgencyMasterData } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { MasterData } from './master-data'
import { StatisticsScreen } from './statistics-screen'
import { RewardPlanScreen } from './reward-plan-screen'
import { StatementsScreen } from './statements-screen'
import { StaffScreen } from './staff-screen'
import { ManagementScreen } from './management-screen'
import { InvitationScreen } from './invitation-screen'
import {
  OrderReportScreen,
  ReferrerReportScreen,
  RewardReportScreen,
  type ScreenPlace,
} from './report-screens'

/**
 * The screen of each agency view that has one; the area shows a tab only for these (and only for the
 * views of the user's role). Each reads what it shows through the typed main-API client.
 */
export const AGENCY_SCREENS: Partial<
  Record<AgencyView, (api: AuthContext, place: ScreenPlace) => Promise<ReactNode>>
> = {
  StatistikReport: (api, place) => StatisticsScreen({ api, place }),
  EmpfehlerReport: (api, place) => ReferrerReportScreen({ api, place }),
  AuftragsReport: (api, place) => OrderReportScreen({ api, place }),
  Praemien: (api, place) => RewardReportScreen({ api, place }),
  Einladungstool: (api, place) => InvitationScreen({ api, place }),
  Verwaltung: (api, place) => ManagementScreen({ api, place }),
  Praemienplan: (api, place) => RewardPlanScreen({ api, place }),
  Rechnungen: (api, place) => StatementsScreen({ api, place }),
  Mitarbeiter: (api, place) => StaffScreen({ api, place }),
  Stammdaten: async (api) => <MasterData data={await getAgencyMasterData(api)} />,
}

export function hasScreen(view: AgencyView): boolean {
  return view in AGENCY_SCREENS
}
