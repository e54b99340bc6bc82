export type TenantChangeNotice = { tenant: string; scope: string; remote?: boolean }
export declare function tenantChangeListeners(): Set<(change: TenantChangeNotice) => void>
