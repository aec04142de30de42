/** The administrator reports: sessions, online users, command history and statistics, error log. */
import type { DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { cmdHistoryRoutes } from './cmdhistory.ts';
import { errorLogRoutes } from './errorlog.ts';
import { sessionReportRoutes } from './sessions.ts';

export { reportUsers } from './users.ts';
export { FILTER_MAX, MAX_ROWS } from './filters.ts';

/** Registers every `POST /api/admin/rep/*` route, each guarded by its report permission. */
export function adminReportRoutes(ctx: AppContext): DeclaredRoute[] {
  return [...sessionReportRoutes(ctx), ...cmdHistoryRoutes(ctx), ...errorLogRoutes(ctx)];
}
