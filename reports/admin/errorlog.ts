import type { ErrorLogRow } from './rows.ts';
import { sql } from 'kysely';
import type { AppContext, Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { kysely } from '../../server/db/kysely.ts';
import { MAX_ROWS, today } from './filters.ts';
import { likePattern } from '../../server/db/like.ts';
import { iso, readFilter, requestZone, type ReportFilter } from './read-filter.ts';
import { limitToView, seesWholeWorkspace } from './scope.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/**
 * The errors of the session workspace in the period; the key searches message, class, URL and user.
 * Errors that happened outside any workspace (login, registration, e-mail confirmation) are the
 * system administrators' (SYSSETUP, with a workspace-wide view) to see, beside their workspace's.
 * A reader with an area or unit view sees only the errors of the users that view covers.
 */
async function errors(ctx: AppContext, s: Session, f: ReportFilter) {
  const db = kysely(ctx.orm.em.fork());
  // Errors outside any workspace belong to no one's area or unit: only a reader who sees the whole workspace.
  const system = hasPermission(s, 'SYSSETUP') && seesWholeWorkspace(s);
  let q = db
    .selectFrom('errorlog as e')
    .where((eb) => (system ? eb.or([eb('e.workspace_id', '=', s.workspaceId), eb('e.workspace_id', 'is', null)]) : eb('e.workspace_id', '=', s.workspaceId)))
    .where('e.error_date', '>=', f.ini.toISOString());
  // An area or unit view: only the errors of the users it covers.
  q = limitToView(q, db, s, { user: 'e.user_id' });
  if (f.end) q = q.where('e.error_date', '<=', f.end.toISOString());
  if (f.searchKey) {
    const like = likePattern(f.searchKey);
    q = q.where((eb) => eb.or((['e.exception_message', 'e.exception_class', 'e.url', 'e.user_name'] as const).map((col) => eb(col, 'ilike', like))));
  }
  const rows = await q
    .select([
      'e.id', 'e.error_date', 'e.exception_class', 'e.url', 'e.user_name', 'e.workspace_name', 'e.exception_message', 'e.request', 'e.stack_trace',
      sql<number>`count(*) over()`.as('total'),
    ])
    .orderBy('e.error_date', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  const list: ErrorLogRow[] = rows.map((r: any) => ({
    id: r.id,
    errorDate: iso(r.error_date),
    exceptionClass: r.exception_class,
    url: r.url,
    userName: r.user_name,
    workspace: r.workspace_name,
    exceptionMessage: r.exception_message,
    request: r.request,
    stackTrace: r.stack_trace,
  }));
  return { count: rows.length ? Number((rows[0] as any).total) : 0, list };
}

/** `errorlog` and `todayerrorlog` (ERRORLOGREP). */
export function errorLogRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/admin/rep/errorlog', rule: rule.perm('ERRORLOGREP'), summary: 'The error log of a period (administrator report)', handler: async (c) => {
    const f = await readFilter(ctx, c, 'errorlog', ['searchKey']);
    return c.json(await errors(ctx, c.get('session'), f));
  } }),

  defineRoute({ method: 'POST', path: '/api/admin/rep/todayerrorlog', rule: rule.perm('ERRORLOGREP'), summary: "Today's error log (administrator report)", handler: async (c) => {
    const { ini, end } = today(requestZone(c));
    return c.json(await errors(ctx, c.get('session'), { ini, end, limit: MAX_ROWS, offset: 0 }));
  } }),
  ];
}
