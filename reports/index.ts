/**
 * The reports domain. For now: the administrator reports (`admin/`) — session history, online
 * users, command history and statistics, error log — each under `POST /api/admin/rep/*` guarded by
 * its permission and limited to the session workspace and the reader's view (`admin/scope.ts`).
 * The UI screens are in `ui/admin/reports/`.
 */
import type { DomainModule } from '../server/types.ts';
import { adminReportRoutes, reportUsers } from './admin/index.ts';

export const reportsModule: DomainModule = {
  name: 'reports',
  options: { 'report-users': reportUsers },
  routes: adminReportRoutes,
};
