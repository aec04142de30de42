/** The administrator reports (spec 000 §2.6, §7.4): sessions, online users, command history and statistics, error log. */
import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';
import { cmdHistoryRoutes } from './cmdhistory.ts';
import { errorLogRoutes } from './errorlog.ts';
import { sessionReportRoutes } from './sessions.ts';

export { reportUsers } from './users.ts';
export { FILTER_MAX, MAX_ROWS } from './filters.ts';

/** Registers every `POST /api/admin/rep/*` route, each guarded by its report permission. */
export function adminReportRoutes(app: Hono<Env>, ctx: AppContext): void {
  sessionReportRoutes(app, ctx);
  cmdHistoryRoutes(app, ctx);
  errorLogRoutes(app, ctx);
}
