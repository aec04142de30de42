/**
 * The administrator report screens, one lazy chunk each: the hub at
 * `/sys/admin/reports/<slug>` can `lazy(reportScreens[slug])`. Every screen is a default export
 * with no props, fetching `POST /api/admin/rep/*` itself.
 */
export const reportScreens = {
  onlineusers: () => import('./OnlineUsersReport.tsx'),
  usersessions: () => import('./UserSessionsReport.tsx'),
  cmdhistory: () => import('./CmdHistoryReport.tsx'),
  cmdstatistics: () => import('./CmdStatisticsReport.tsx'),
  errorlog: () => import('./ErrorLogReport.tsx'),
  syncconflicts: () => import('./SyncConflictsReport.tsx'),
  // the drug supply's reports (ui/stock/reports/)
  stockmovements: () => import('../../stock/reports/StockMovementsReport.tsx'),
  orderleadtime: () => import('../../stock/reports/OrderLeadtimeReport.tsx'),
} as const;

export type ReportSlug = keyof typeof reportScreens;
